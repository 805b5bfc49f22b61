/**
 * The subgraph and its sandbox run on the clock they are given (`startHarness({ clock })`), not on the
 * machine's: "today" for dates, the instants the subgraph hands out and the sandbox's own day and
 * expiries all follow it.
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_PERSON, JOINT_HOLDER, SANDBOX_OTP, accountsOf } from '../fixtures/sandbox.js';
import { ManualClock } from '../helpers/clock.js';
import { jalaliDaysAhead } from '../helpers/dates.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, firstError } from '../helpers/responses.js';

/** Far from any day the suite runs on: 11:30 in Tehran on 1409/12/10. */
const clock = new ManualClock('2031-03-01T08:00:00Z');
const h = useHarness({ clock });
const own = at(
  accountsOf(CLIENT_PERSON.nationalId).filter((account) => account.bank.code === '019'),
  0,
);

const statement = (from: string, to: string) =>
  h.gql<{ account: { statement: { totalCount: number } | null } }>(
    `{ account(iban: "${own.iban}") { statement(from: "${from}", to: "${to}") { totalCount } } }`,
  );

const START = `mutation($n: String!, $m: String!) { startMobileOwnershipCheck(input: { nationalId: $n, mobile: $m }) { checkId expiresAt } }`;
const COMPLETE = `mutation($c: ID!, $o: String!) { completeMobileOwnershipCheck(input: { checkId: $c, otp: $o }) {
  __typename ... on MobileOwnershipCodeRejected { code } } }`;

describe('one clock for the subgraph and its sandbox', () => {
  it('is where both read today: a statement up to that day is read, one a day later refused naming it', async () => {
    expect(jalaliDaysAhead(0, clock)).toBe('1409/12/10');
    // The sandbox takes a range only within the year before its own today.
    expect(dataOf(await statement('1409/12/07', '1409/12/10')).account.statement).not.toBeNull();
    expect(h.upstreamCalls('oakCcStatementGet').map((call) => call.query['toDate'])).toEqual(['14091210']);

    expect(firstError(await statement('1409/12/07', '1409/12/11')).message).toBe(
      'to: must not be after today (1409/12/10)',
    );
  });

  it('dates what the subgraph hands out, and expires what the sandbox keeps, as the test moves it', async () => {
    const started = dataOf(
      await h.gql<{ startMobileOwnershipCheck: { checkId: string; expiresAt: string } }>(START, {
        n: JOINT_HOLDER.nationalId,
        m: JOINT_HOLDER.mobile,
      }),
    ).startMobileOwnershipCheck;
    expect(started.expiresAt).toBe('2031-03-01T08:03:00.000Z');

    clock.advance(180_001);
    expect(dataOf(await h.gql(COMPLETE, { c: started.checkId, o: SANDBOX_OTP }))).toEqual({
      completeMobileOwnershipCheck: { __typename: 'MobileOwnershipCodeRejected', code: 'OTP_EXPIRED' },
    });
  });
});
