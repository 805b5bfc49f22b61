/** A transfer refused by the open breaker of its upstream group was never sent: it settles as not applied. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { THREE_BANKS, accountsOf } from '../fixtures/sandbox.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, present } from '../helpers/responses.js';

const h = useHarness({
  env: { UPSTREAM_RETRY_ATTEMPTS: '1', UPSTREAM_BREAKER_MIN_CALLS: '4', UPSTREAM_BREAKER_HALF_OPEN_MS: '60000' },
});
let handle = '';
beforeAll(async () => {
  handle = await codeConsent(h.gql, THREE_BANKS.nationalId, '062');
});

const sepah = accountsOf(THREE_BANKS.nationalId).filter((account) => account.bank.code === '062');
const source = present(
  sepah.find((account) => account.iban === 'IR760620062000301235200542'),
  'source',
);
const destination = present(
  sepah.find((account) => account.iban === 'IR330620025360301235200501'),
  'destination',
);

const RESULT = `__typename
  ... on TransferCompleted { transfer { id } }
  ... on TransferPending { transfer { id } }
  ... on TransferRejected { reason message transfer { id status } }`;
const TRANSFER = `mutation($input: TransferInput!) { transfer(input: $input) { ${RESULT} } }`;
const FOLLOW = `query($nid: String!, $key: String!) { transfer(nationalId: $nid, idempotencyKey: $key) { ${RESULT} } }`;

interface Outcome {
  __typename: string;
  reason?: string;
  transfer: { id: string; status?: string };
}

describe('a transfer while the oak group is failing', () => {
  it('is refused without being sent, settles as NOT_APPLIED, and moves no money', async () => {
    h.sandbox.injectFault({ operationId: 'oakIbanInquiryGet', status: 500, times: Infinity });
    for (let i = 0; i < 6; i += 1)
      await h.gql(`{ account(iban: "${at(sepah, i % sepah.length).iban}") { accountNumber status } }`);
    const failedReads = h.upstreamCalls('oakIbanInquiryGet').length;
    expect(failedReads).toBeGreaterThanOrEqual(4);
    expect(failedReads).toBeLessThan(6);
    const before = h.sandbox.balanceOf(source.iban);

    const key = randomUUID();
    const input = {
      idempotencyKey: key,
      nationalId: THREE_BANKS.nationalId,
      sourceAccountNumber: source.deposit,
      destination: destination.deposit,
      amount: '150000',
      description: 'قسط',
      // Ayandeh (062) sources require a payment id and a purpose code.
      paymentNumber: '1234567',
      reasonDescription: '1',
    };
    const res = await h.gql<{ transfer: Outcome }>(TRANSFER, { input }, withHandle(handle));
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).transfer).toMatchObject({
      __typename: 'TransferRejected',
      reason: 'NOT_APPLIED',
      transfer: { status: 'FAILED' },
    });
    expect(h.upstreamCalls('oakTransferToDepositPost')).toHaveLength(0);
    expect(h.sandbox.balanceOf(source.iban)).toBe(before);

    const again = await h.gql<{ transfer: Outcome }>(FOLLOW, { nid: THREE_BANKS.nationalId, key }, withHandle(handle));
    expect(dataOf(again).transfer).toMatchObject({ __typename: 'TransferRejected', reason: 'NOT_APPLIED' });
    expect(h.upstreamCalls('oakTransferToDepositPost')).toHaveLength(0);
  });
});
