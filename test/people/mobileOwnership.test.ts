import { describe, expect, it } from 'vitest';
import { SANDBOX_OTP, JOINT_HOLDER, WOMAN } from '../fixtures/sandbox.js';
import { ManualClock } from '../helpers/clock.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, firstError } from '../helpers/responses.js';

const h = useHarness({ sandbox: { otpLifetimeMs: 60_000 } });

const START = `mutation($n: String!, $m: String!) { startMobileOwnershipCheck(input: { nationalId: $n, mobile: $m }) { checkId expiresAt } }`;
const COMPLETE = `mutation($c: ID!, $o: String!) {
  completeMobileOwnershipCheck(input: { checkId: $c, otp: $o }) {
    __typename ... on MobileOwnershipChecked { matches } ... on MobileOwnershipCodeRejected { code message }
  }
}`;

async function start(nationalId: string, mobile: string): Promise<string> {
  const res = await h.gql<{ startMobileOwnershipCheck: { checkId: string; expiresAt: string } }>(START, {
    n: nationalId,
    m: mobile,
  });
  expect(res.errors).toBeUndefined();
  return dataOf(res).startMobileOwnershipCheck.checkId;
}

describe('Shahkar check by SMS', () => {
  it("texts a code, then confirms the mobile is the person's", async () => {
    const checkId = await start(JOINT_HOLDER.nationalId, JOINT_HOLDER.mobile);
    const send = at(h.upstreamCalls('facilityShahkarSmsSendGet'), 0);
    expect(send.query).toMatchObject({
      mobile: JOINT_HOLDER.mobile,
      nationalCode: JOINT_HOLDER.nationalId,
      version: '2',
    });
    expect(checkId).toBe(send.trackId);

    const res = await h.gql(COMPLETE, { c: checkId, o: SANDBOX_OTP });
    expect(res.data).toEqual({ completeMobileOwnershipCheck: { __typename: 'MobileOwnershipChecked', matches: true } });
    const verify = at(h.upstreamCalls('facilityShahkarSmsVerifyGet'), 0);
    expect(verify.query).toMatchObject({ otpTrackId: checkId, otp: SANDBOX_OTP });
  });

  it("says when the mobile is someone else's", async () => {
    const checkId = await start(JOINT_HOLDER.nationalId, WOMAN.mobile);
    const res = await h.gql(COMPLETE, { c: checkId, o: SANDBOX_OTP });
    expect(res.data).toEqual({
      completeMobileOwnershipCheck: { __typename: 'MobileOwnershipChecked', matches: false },
    });
  });

  it('reports a wrong code as an outcome, not an error', async () => {
    const checkId = await start(WOMAN.nationalId, WOMAN.mobile);
    const res = await h.gql(COMPLETE, { c: checkId, o: '99999' });
    expect(res.errors).toBeUndefined();
    expect(res.data).toMatchObject({
      completeMobileOwnershipCheck: { __typename: 'MobileOwnershipCodeRejected', code: 'INVALID_OTP' },
    });
  });

  it('sends each SMS once: starting twice sends two codes, never a retry', async () => {
    await start(WOMAN.nationalId, WOMAN.mobile);
    await start(WOMAN.nationalId, WOMAN.mobile);
    const sends = h.upstreamCalls('facilityShahkarSmsSendGet');
    expect(sends).toHaveLength(2);
    expect(at(sends, 0).trackId).not.toBe(at(sends, 1).trackId);
  });

  it.each([
    ['input.nationalId', { n: '1234567890', m: WOMAN.mobile }],
    ['input.mobile', { n: WOMAN.nationalId, m: '0912' }],
  ])('refuses a bad %s before any upstream call', async (path, variables) => {
    const res = await h.gql(START, variables);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: path });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('refuses a malformed code before any upstream call', async () => {
    const res = await h.gql(COMPLETE, { c: 'abc', o: '12' });
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'input.otp' });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

describe('an expired code', () => {
  // Time stands still until the test moves it past the code's lifetime.
  const clock = new ManualClock('2026-03-01T08:00:00Z');
  const short = useHarness({ sandbox: { otpLifetimeMs: 1_000 }, clock });

  it('is refused as OTP_EXPIRED', async () => {
    const started = await short.gql<{ startMobileOwnershipCheck: { checkId: string } }>(START, {
      n: WOMAN.nationalId,
      m: WOMAN.mobile,
    });
    clock.advance(1_001);
    const res = await short.gql(COMPLETE, { c: dataOf(started).startMobileOwnershipCheck.checkId, o: SANDBOX_OTP });
    expect(res.data).toMatchObject({
      completeMobileOwnershipCheck: { __typename: 'MobileOwnershipCodeRejected', code: 'OTP_EXPIRED' },
    });
  });
});
