/**
 * Money never moves twice when the store loses its records (Redis flushed, restarted without
 * persistence, failed over): the trackId of a transfer is derived from the client, the payer and the
 * key, so the resend is refused upstream as a duplicate and the earlier outcome is recovered.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_PERSON, THREE_BANKS, accountsOf } from '../fixtures/sandbox.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { useHarness } from '../helpers/harness.js';
import { deleteKeys, keysUnder, randomPrefix, testRedis, TEST_REDIS_URL } from '../helpers/redis.js';
import { at, dataOf, present } from '../helpers/responses.js';
import { transferAccounts } from '../helpers/transferAccounts.js';

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
const handles: Record<string, string> = {};
beforeAll(async () => {
  handles[THREE_BANKS.nationalId] = await codeConsent(h.gql, THREE_BANKS.nationalId, '062');
  handles[CLIENT_PERSON.nationalId] = await codeConsent(h.gql, CLIENT_PERSON.nationalId, '019');
});
afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

const RESULT = `__typename
  ... on TransferCompleted { transfer { id status idempotencyKey } receipt { amount refCode trackId inquirySequence bookedAt { iso } } }
  ... on TransferPending { transfer { id status } }
  ... on TransferRejected { code reason transfer { id status } }`;
const TRANSFER = `mutation($input: TransferInput!) { transfer(input: $input) { ${RESULT} } }`;

interface Outcome {
  __typename: string;
  transfer: { id: string; status: string };
  receipt?: { amount: string; trackId: string };
}

const { rich, other } = transferAccounts();
const clientAccounts = accountsOf(CLIENT_PERSON.nationalId).filter((account) => account.bank.code === '019');
const clientFrom = at(clientAccounts, 0);
const clientTo = at(clientAccounts, 1);

const orderOf = (nationalId: string, from: string, to: string, idempotencyKey: string, amount = '40000') => ({
  idempotencyKey,
  nationalId,
  sourceAccountNumber: from,
  destination: to,
  amount,
  description: 'قسط',
  // Ayandeh (062) sources require a payment id and a purpose code.
  paymentNumber: '1234567',
  reasonDescription: '1',
});

async function send(input: ReturnType<typeof orderOf>): Promise<Outcome> {
  const res = await h.gql<{ transfer: Outcome }>(
    TRANSFER,
    { input },
    withHandle(present(handles[input.nationalId], 'handles[input.nationalId]')),
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return dataOf(res).transfer;
}

const appliedWith = (trackId: string) =>
  h.sandbox.appliedTransfers().filter((transfer) => transfer.trackId === trackId);

/**
 * The jobs the store held of this deployment are gone, as after a flush or a restart without persistence.
 * The consents (kept beside them) are left, so that the same person can send again without consenting again.
 */
async function loseTheStore(): Promise<void> {
  expect((await keysUnder(redis, `${prefix}job`)).length).toBeGreaterThan(0);
  await deleteKeys(redis, `${prefix}job`);
}

describe('a transfer sent again after the store lost its record', () => {
  it('is applied once, and the resend answers the first outcome', async () => {
    const input = orderOf(THREE_BANKS.nationalId, rich.deposit, other.deposit, randomUUID());
    const before = h.sandbox.balanceOf(rich.iban);
    const first = await send(input);
    expect(first).toMatchObject({
      __typename: 'TransferCompleted',
      transfer: { status: 'SUCCESS' },
      receipt: { amount: '40000' },
    });

    await loseTheStore();
    const again = await send(input);

    expect(again).toEqual(first);
    expect(appliedWith(present(first.receipt, 'first.receipt').trackId)).toHaveLength(1);
    expect(h.sandbox.balanceOf(rich.iban)).toBe(before - 40_000n);
    // The resend reached the upstream with the same trackId, and was refused there.
    expect(
      h
        .upstreamCalls('oakTransferToDepositPost')
        .filter((call) => call.trackId === present(first.receipt, 'first.receipt').trackId),
    ).toHaveLength(2);
  });

  it('answers the upstream’s earlier outcome even when the resend asks for another amount (nothing to compare it with)', async () => {
    const key = randomUUID();
    const first = await send(orderOf(THREE_BANKS.nationalId, rich.deposit, other.deposit, key, '50000'));
    await loseTheStore();
    const before = h.sandbox.balanceOf(rich.iban);
    const again = await send(orderOf(THREE_BANKS.nationalId, rich.deposit, other.deposit, key, '90000'));
    expect(again).toMatchObject({
      __typename: 'TransferCompleted',
      receipt: { amount: '50000', trackId: present(first.receipt, 'first.receipt').trackId },
    });
    expect(h.sandbox.balanceOf(rich.iban)).toBe(before);
  });
});

describe('a transfer sent again after the store lost its record, refused for another reason than its trackId', () => {
  it('answers the first outcome, read from the call log, not the refusal', async () => {
    const input = orderOf(THREE_BANKS.nationalId, rich.deposit, other.deposit, randomUUID(), '20000');
    const first = await send(input);
    expect(first).toMatchObject({ __typename: 'TransferCompleted' });
    await loseTheStore();
    const before = h.sandbox.balanceOf(rich.iban);
    // The resend is refused before the upstream compares trackIds (a balance, a limit or a rule of the day).
    h.sandbox.injectFault({ operationId: 'oakTransferToDepositPost', status: 400 });
    const again = await send(input);
    expect(again).toEqual(first);
    expect(h.sandbox.balanceOf(rich.iban)).toBe(before);
  });
});

describe('a transfer whose token the upstream rejected, sent again after the store lost its record', () => {
  it('is refused at once, never under another trackId; the resend after the loss applies nothing either', async () => {
    const input = orderOf(THREE_BANKS.nationalId, rich.deposit, other.deposit, randomUUID(), '30000');
    const before = h.sandbox.balanceOf(rich.iban);
    h.sandbox.injectFault({ operationId: 'oakTransferToDepositPost', status: 403 });
    const first = await send(input);
    expect(first).toMatchObject({ __typename: 'TransferRejected', reason: 'CONSENT_REFUSED' });
    const sent = h.sandbox.calls('oakTransferToDepositPost').map((call) => call.trackId);
    expect(sent).toHaveLength(1);

    await loseTheStore();
    const again = await send(input);
    // The sandbox keeps every trackId it saw, even one refused for its token: the resend is a duplicate,
    // and the inquiry finds no transfer under it, so it is never applied.
    expect(['TransferPending', 'TransferRejected']).toContain(again.__typename);
    expect(h.sandbox.calls('oakTransferToDepositPost').map((call) => call.trackId)).toEqual([...sent, ...sent]);
    expect(h.sandbox.balanceOf(rich.iban)).toBe(before);
  });
});

describe('one idempotency key used by two people', () => {
  it('names two independent transfers, each applied once', async () => {
    const key = randomUUID();
    const one = await send(orderOf(THREE_BANKS.nationalId, rich.deposit, other.deposit, key, '30000'));
    const two = await send(orderOf(CLIENT_PERSON.nationalId, clientFrom.deposit, clientTo.deposit, key, '30000'));
    expect(one.__typename, JSON.stringify(one)).toBe('TransferCompleted');
    expect(two.__typename, JSON.stringify(two)).toBe('TransferCompleted');
    expect(two.transfer.id).not.toBe(one.transfer.id);
    expect(present(two.receipt, 'two.receipt').trackId).not.toBe(present(one.receipt, 'one.receipt').trackId);
    expect(appliedWith(present(one.receipt, 'one.receipt').trackId)).toHaveLength(1);
    expect(appliedWith(present(two.receipt, 'two.receipt').trackId)).toHaveLength(1);
  });
});
