/** Mutation.transfer over HTTP: receipts, idempotency, refusals, consent, and unclear answers resolved without resending. */
import { randomUUID } from 'node:crypto';
import { createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { THREE_BANKS, WOMAN } from '../fixtures/sandbox.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { collect } from '../helpers/subscriptions.js';
import { eventually } from '../helpers/eventually.js';
import { at, dataOf, firstError, present } from '../helpers/responses.js';
import { transferAccounts } from '../helpers/transferAccounts.js';

const h = useHarness({
  env: { UPSTREAM_TIMEOUT_MS: '500', UPSTREAM_OPERATION_BUDGET_MS: '500' },
});
let handle = '';
let otherHandle = '';
beforeAll(async () => {
  handle = await codeConsent(h.gql, THREE_BANKS.nationalId, '062');
  otherHandle = await codeConsent(h.gql, WOMAN.nationalId, '056');
});

const { rich, other } = transferAccounts();

const RESULT = `__typename
  ... on TransferCompleted { transfer { id status idempotencyKey } receipt { amount rail destinationNumber destinationFirstName inquirySequence refCode trackId bookedAt { jalali iso } } }
  ... on TransferPending { transfer { id status } }
  ... on TransferRejected { code reason message transfer { id status failure { code } } }`;
const TRANSFER = `mutation($input: TransferInput!) { transfer(input: $input) { ${RESULT} } }`;
const FOLLOW = `query($nid: String!, $key: String!) { transfer(nationalId: $nid, idempotencyKey: $key) { ${RESULT} } }`;

interface Outcome {
  __typename: string;
  transfer: { id: string; status: string; idempotencyKey?: string; failure?: { code: string } | null };
  receipt?: Record<string, unknown>;
  reason?: string;
  code?: string;
}

const order = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  nationalId: THREE_BANKS.nationalId,
  sourceAccountNumber: rich.deposit,
  destination: other.deposit,
  amount: '150000',
  description: 'قسط',
  // Ayandeh (062) sources require a payment id and a purpose code.
  paymentNumber: '1234567',
  reasonDescription: '1',
  ...overrides,
});

async function send(input: Record<string, unknown>, consent = handle) {
  return h.gql<{ transfer: Outcome }>(TRANSFER, { input }, withHandle(consent));
}
async function follow(key: string): Promise<Outcome | null> {
  const res = await h.gql<{ transfer: Outcome | null }>(
    FOLLOW,
    { nid: THREE_BANKS.nationalId, key },
    withHandle(handle),
  );
  expect(res.errors).toBeUndefined();
  return dataOf(res).transfer;
}

describe('a transfer that completes', () => {
  it('moves the money once and answers the bank’s receipt, also to the query and to retries', async () => {
    const input = order();
    const before = h.sandbox.balanceOf(rich.iban);
    const res = await send(input);
    expect(res.errors).toBeUndefined();
    const outcome = dataOf(res).transfer;
    expect(outcome).toMatchObject({
      __typename: 'TransferCompleted',
      transfer: { status: 'SUCCESS', idempotencyKey: input.idempotencyKey },
      receipt: {
        amount: '150000',
        rail: 'INTERNAL',
        destinationNumber: other.deposit,
        destinationFirstName: 'امیر',
        refCode: expect.any(String),
        bookedAt: {
          jalali: expect.stringMatching(/^14\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/),
          iso: expect.any(String),
        },
      },
    });
    expect(h.sandbox.balanceOf(rich.iban)).toBe(before - 150_000n);

    const retried = await send(input);
    expect(dataOf(retried).transfer).toEqual(outcome);
    expect(await follow(input.idempotencyKey)).toEqual(outcome);
    expect(callCounts(h)).toEqual({ oakTransferToDepositPost: 1 });
    expect(h.sandbox.balanceOf(rich.iban)).toBe(before - 150_000n);
    const call = at(h.upstreamCalls('oakTransferToDepositPost'), 0);
    expect(call.trackId).toBe((outcome.receipt as { trackId: string }).trackId);
  });

  it('sends once for many concurrent duplicates, all answered alike', async () => {
    const input = order({ amount: '20000' });
    const results = await Promise.all(Array.from({ length: 12 }, () => send(input)));
    const typenames = new Set(results.map((res) => dataOf(res).transfer.__typename));
    expect(typenames).toEqual(new Set(['TransferCompleted']));
    expect(new Set(results.map((res) => dataOf(res).transfer.transfer.id)).size).toBe(1);
    expect(callCounts(h)).toEqual({ oakTransferToDepositPost: 1 });
  });

  it('refuses the same key for another transfer, sending nothing', async () => {
    const input = order();
    await send(input);
    h.sandbox.clearCalls();
    const res = await send({ ...input, amount: '160000' });
    expect(firstError(res)).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', argumentPath: 'input.idempotencyKey' },
    });
    expect(h.upstreamCalls()).toEqual([]);
  });
});

describe('refusals', () => {
  it.each([
    ['the same account', { destination: rich.deposit }, 'SAME_ACCOUNT'],
    // An IBAN of the source's own bank goes internally, whose limit only the bank can tell apart from Satna.
    [
      'more than an internal transfer may move, to an IBAN of the same bank',
      { destination: other.iban, amount: '1000000001', destinationFirstName: 'امیر', destinationLastName: 'احمدی' },
      'AMOUNT_ABOVE_LIMIT',
    ],
    ['a source the person does not hold', { sourceAccountNumber: WOMAN.account.deposit }, 'INVALID_SOURCE'],
  ])('answers %s as TransferRejected, for good', async (_, overrides, reason) => {
    const input = order(overrides);
    const res = await send(input);
    expect(dataOf(res).transfer).toMatchObject({
      __typename: 'TransferRejected',
      reason,
      code: reason,
      transfer: { status: 'FAILED', failure: { code: reason } },
    });
    const again = await send(input);
    expect(dataOf(again).transfer).toEqual(dataOf(res).transfer);
    // The call log is read once to be sure no earlier call with this trackId was applied.
    expect(callCounts(h)).toEqual({ oakTransferToDepositPost: 1, devWagesGet: 1 });
  });

  it.each([
    ['an idempotency key with spaces', { idempotencyKey: 'a b' }, 'input.idempotencyKey'],
    ['a national id failing its check digit', { nationalId: '1235200524' }, 'input.nationalId'],
    ['an IBAN failing its check digits', { destination: 'IR000620025360301235200501' }, 'input.destination'],
    ['a source that is no account number', { sourceAccountNumber: 'my account' }, 'input.sourceAccountNumber'],
    ['a zero amount', { amount: '0' }, 'input.amount'],
    ['an amount beyond 10^15', { amount: '1000000000000001' }, 'input.amount'],
    ['a description with --', { description: 'a--b' }, 'input.description'],
    ['a one-letter name', { destinationFirstName: 'a' }, 'input.destinationFirstName'],
    ['less than the bank’s minimum of 10,000 rials', { amount: '9999' }, 'input.amount'],
    ['more than an internal transfer (to an account number) may move', { amount: '1000000001' }, 'input.amount'],
    [
      'another bank’s IBAN without the holder’s first name',
      { destination: WOMAN.account.iban, destinationLastName: 'احمدی' },
      'input.destinationFirstName',
    ],
    [
      'an IBAN without the holder’s last name',
      { destination: WOMAN.account.iban, destinationFirstName: 'مریم' },
      'input.destinationLastName',
    ],
    ['a description with a control character', { description: 'قسط\u0007' }, 'input.description'],
    ['a description with a line break', { description: 'قسط\nآبان' }, 'input.description'],
    ['a description with a bidi override', { description: 'قسط\u202Eabc' }, 'input.description'],
    ['a description of 31 characters', { description: 'ب'.repeat(31) }, 'input.description'],
    ['a description with an emoji', { description: 'قسط 💸' }, 'input.description'],
    [
      'a name with digits',
      { destination: WOMAN.account.iban, destinationFirstName: 'R2D2', destinationLastName: 'احمدی' },
      'input.destinationFirstName',
    ],
    ['a 3-digit source account number', { sourceAccountNumber: '123' }, 'input.sourceAccountNumber'],
    ['a 5-digit destination account number', { destination: '12-345' }, 'input.destination'],
    ['a destination account number with doubled separators', { destination: '0200..887714003' }, 'input.destination'],
  ])('refuses %s with BAD_USER_INPUT before any upstream call', async (_, overrides, argumentPath) => {
    const res = await send(order(overrides));
    expect(firstError(res)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argumentPath } });
    expect(h.upstreamCalls()).toEqual([]);
  });

  it('needs the payer’s own consent, before anything is claimed or sent', async () => {
    const input = order();
    const none = await h.gql(TRANSFER, { input });
    expect(firstError(none).extensions).toMatchObject({ code: 'CONSENT_REQUIRED' });
    const anothers = await send(input, otherHandle);
    expect(firstError(anothers).extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect(h.upstreamCalls()).toEqual([]);
    // Nothing was claimed: the key still works once the right consent is presented.
    expect(dataOf(await send(input)).transfer.__typename).toBe('TransferCompleted');
  });
});

describe('unclear answers', () => {
  const settled = async (key: string) =>
    eventually(async () => {
      const outcome = await follow(key);
      return outcome && outcome.__typename !== 'TransferPending' ? outcome : undefined;
    });

  it.each([
    ['HTTP 408 after the bank applied it', { status: 408 }],
    ['a 503 after the bank applied it', { status: 503 }],
    ['a cut connection after the bank applied it', { reset: true }],
    ['no answer in time after the bank applied it', { delayMs: 900 }],
  ])('reports %s as pending, never resends, and finds it completed through the inquiry', async (_, fault) => {
    h.sandbox.injectFault({ operationId: 'oakTransferToDepositPost', afterEffect: true, ...fault });
    const input = order({ amount: '70000' });
    const before = h.sandbox.balanceOf(rich.iban);
    const res = await send(input);
    expect(dataOf(res).transfer).toMatchObject({ __typename: 'TransferPending', transfer: { status: 'PENDING' } });
    expect(dataOf(await send(input)).transfer.__typename).toMatch(/TransferPending|TransferCompleted/);
    const outcome = await settled(input.idempotencyKey);
    expect(outcome).toMatchObject({ __typename: 'TransferCompleted', receipt: { amount: '70000' } });
    expect(h.sandbox.balanceOf(rich.iban)).toBe(before - 70_000n);
    expect(h.upstreamCalls('oakTransferToDepositPost')).toHaveLength(1);
    expect(h.upstreamCalls('oakTransferInquiryGet').length).toBeGreaterThan(0);
  });

  it('reports a transfer answered 408 before the bank saw it as rejected, on the call log’s record that it failed', async () => {
    h.sandbox.injectFault({ operationId: 'oakTransferToDepositPost', status: 408 });
    const input = order({ amount: '80000' });
    const before = h.sandbox.balanceOf(rich.iban);
    expect(dataOf(await send(input)).transfer.__typename).toBe('TransferPending');
    const outcome = await settled(input.idempotencyKey);
    expect(outcome).toMatchObject({ __typename: 'TransferRejected', reason: 'REJECTED_BY_BANK' });
    expect(h.upstreamCalls('devWagesGet').length).toBeGreaterThan(0);
    expect(h.sandbox.balanceOf(rich.iban)).toBe(before);
    expect(h.upstreamCalls('oakTransferToDepositPost')).toHaveLength(1);
  });

  it('streams a pending transfer on jobUpdated until the inquiry finds it applied', async () => {
    h.sandbox.injectFault({ operationId: 'oakTransferToDepositPost', status: 408, afterEffect: true });
    const res = await send(order({ amount: '90000' }));
    const { id } = dataOf(res).transfer.transfer;
    const client = createClient({
      url: h.server.url.replace('http', 'ws'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { consentHandle: handle },
    });
    try {
      const { events, errors } = await collect<{
        jobUpdated: { __typename: string; status: string; receipt: { amount: string } | null };
      }>(
        client,
        'subscription($id: ID!) { jobUpdated(id: $id) { __typename status ... on TransferJob { receipt { amount } } } }',
        { id },
      );
      expect(errors).toEqual([]);
      expect(present(events.at(-1), 'events.at(…)').jobUpdated).toEqual({
        __typename: 'TransferJob',
        status: 'SUCCESS',
        receipt: { amount: '90000' },
      });
      expect(
        events
          .map((event) => event.jobUpdated.status)
          .slice(0, -1)
          .every((status) => status === 'PENDING'),
      ).toBe(true);
    } finally {
      await client.dispose();
    }
  });

  it('answers the follow-up query with null for a key never used', async () => {
    expect(await follow(randomUUID())).toBeNull();
  });
});
