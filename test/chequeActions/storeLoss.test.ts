/**
 * A cheque action sent again after the store lost its record is not applied again: its derived trackId
 * is refused upstream as a duplicate, and the earlier outcome is recovered through the call log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WOMAN } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { deleteKeys, keysUnder, randomPrefix, testRedis, TEST_REDIS_URL } from '../helpers/redis.js';
import { BOOK, act, chequeConsents, issueInput } from '../cheques/support.js';
import { dataOf, present } from '../helpers/responses.js';

const prefix = randomPrefix();
const redis = testRedis();
const h = useHarness({
  env: {
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    UPSTREAM_TIMEOUT_MS: '500',
    UPSTREAM_OPERATION_BUDGET_MS: '500',
  },
});
let code = '';
beforeAll(async () => {
  ({ code } = await chequeConsents(h, []));
});
afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

describe('a cheque action sent again after the store lost its record', () => {
  it('is applied once, and the resend answers the first outcome', async () => {
    const input = issueInput(21, [WOMAN.nationalId]);
    const first = present(dataOf(await act(h, 'issueCheque', input, code))['issueCheque'], 'first');
    expect(first).toMatchObject({
      __typename: 'ChequeActionCompleted',
      action: { status: 'SUCCESS', type: 'ISSUE' },
      cheque: { sayadId: BOOK.sayadIds[21] },
    });

    // The jobs are lost; the consents kept beside them are left, so the same consent sends again.
    expect((await keysUnder(redis, `${prefix}job`)).length).toBeGreaterThan(0);
    await deleteKeys(redis, `${prefix}job`);
    const again = await act(h, 'issueCheque', input, code);

    expect(again.errors).toBeUndefined();
    // The call log keeps no reference of the action: the outcome is the same, its receipt details unknown.
    expect(dataOf(again)['issueCheque']).toMatchObject({
      __typename: 'ChequeActionCompleted',
      action: { id: first.action.id, status: 'SUCCESS', type: 'ISSUE', receipt: { referenceId: null } },
      cheque: { sayadId: BOOK.sayadIds[21] },
    });
    const issues = h
      .upstreamCalls('creditAcSayadIssueChequePost')
      .filter((call) => (call.body as { sayadId?: string }).sayadId === BOOK.sayadIds[21]);
    // Both reached the upstream under one trackId; the second was refused before it could act.
    expect(issues).toHaveLength(2);
    expect(new Set(issues.map((call) => call.trackId)).size).toBe(1);
    expect(issues.map((call) => call.status)).toEqual([200, 400]);
  });
});
