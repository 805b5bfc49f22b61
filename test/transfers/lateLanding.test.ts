/**
 * A transfer whose request reaches the bank long after this process gave up on it. The sandbox holds the
 * request before its effect (its record pending, the bank's inquiry "in progress") for as long as the test
 * says, however many times the subgraph asks meanwhile, and only then applies it. The transfer must stay
 * pending the whole time and end completed: never "not applied" for a transfer the bank applied.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { THREE_BANKS } from '../fixtures/sandbox.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { eventually } from '../helpers/eventually.js';
import { useHarness } from '../helpers/harness.js';
import { collect } from '../helpers/subscriptions.js';
import { dataOf } from '../helpers/responses.js';
import { transferAccounts } from '../helpers/transferAccounts.js';

// Short timeouts and fast polls: the hold outlasts many polls in little time.
const h = useHarness({
  env: {
    UPSTREAM_TIMEOUT_MS: '300',
    UPSTREAM_OPERATION_BUDGET_MS: '300',
    JOB_POLL_INITIAL_MS: '10',
    JOB_POLL_MAX_MS: '20',
  },
});
let handle = '';
beforeAll(async () => {
  handle = await codeConsent(h.gql, THREE_BANKS.nationalId, '062');
});

const { rich, other } = transferAccounts();
/** Polls of the held transfer before it is let through: far beyond any settling time a poll rule could assume. */
const POLLS_WHILE_HELD = 25;

const RESULT = `__typename
  ... on TransferCompleted { transfer { id status } receipt { amount } }
  ... on TransferPending { transfer { id status } }
  ... on TransferRejected { reason transfer { id status } }`;

interface Outcome {
  __typename: string;
  transfer: { id: string; status: string };
  receipt?: { amount: string };
  reason?: string;
}

const order = (amount: string) => ({
  idempotencyKey: randomUUID(),
  nationalId: THREE_BANKS.nationalId,
  sourceAccountNumber: rich.deposit,
  destination: other.deposit,
  amount,
  description: 'late',
  paymentNumber: '1234567',
  reasonDescription: '1',
});

async function send(input: ReturnType<typeof order>): Promise<Outcome> {
  const res = await h.gql<{ transfer: Outcome }>(
    `mutation($input: TransferInput!) { transfer(input: $input) { ${RESULT} } }`,
    { input },
    withHandle(handle),
  );
  expect(res.errors).toBeUndefined();
  return dataOf(res).transfer;
}

async function follow(key: string): Promise<Outcome | null> {
  const res = await h.gql<{ transfer: Outcome | null }>(
    `query($nid: String!, $key: String!) { transfer(nationalId: $nid, idempotencyKey: $key) { ${RESULT} } }`,
    { nid: THREE_BANKS.nationalId, key },
    withHandle(handle),
  );
  expect(res.errors).toBeUndefined();
  return dataOf(res).transfer;
}

/** The transfer's outcome once it is no longer pending. */
const settled = (key: string) =>
  eventually(
    async () => {
      const now = await follow(key);
      return now && now.__typename !== 'TransferPending' ? now : undefined;
    },
    { what: 'the transfer to settle', timeoutMs: 15_000 },
  );

const inquiries = () => h.upstreamCalls('oakTransferInquiryGet').length;

describe('a transfer that lands long after its request timed out here', () => {
  it('stays pending through every poll while the bank holds it, then completes once, as the bank applied it', async () => {
    const release = h.sandbox.holdAnswers('oakTransferToDepositPost');
    const input = order('60000');
    const before = h.sandbox.balanceOf(rich.iban);

    const first = await send(input);
    expect(first).toMatchObject({ __typename: 'TransferPending', transfer: { status: 'PENDING' } });
    const client = createClient({
      url: h.server.url.replace('http', 'ws'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { consentHandle: handle },
    });
    try {
      const watched = collect<{ jobUpdated: { status: string; failure: { code: string } | null } }>(
        client,
        'subscription($id: ID!) { jobUpdated(id: $id) { status failure { code } } }',
        { id: first.transfer.id },
      );
      const polled = inquiries();
      await eventually(() => inquiries() >= polled + POLLS_WHILE_HELD, {
        what: `${POLLS_WHILE_HELD} inquiries while the transfer is held`,
        timeoutMs: 15_000,
      });
      expect(h.sandbox.appliedTransfers().filter((t) => t.description === 'late')).toEqual([]);
      expect(await follow(input.idempotencyKey)).toMatchObject({ __typename: 'TransferPending' });
      expect(await send(input)).toMatchObject({ __typename: 'TransferPending' });

      release();
      const { events, errors } = await watched;
      expect(errors).toEqual([]);
      expect(events.map((event) => event.jobUpdated.status).filter((status) => status !== 'PENDING')).toEqual([
        'SUCCESS',
      ]);
    } finally {
      await client.dispose();
    }
    expect(await follow(input.idempotencyKey)).toMatchObject({
      __typename: 'TransferCompleted',
      receipt: { amount: '60000' },
    });
    expect(h.sandbox.balanceOf(rich.iban)).toBe(before - 60_000n);
    expect(h.upstreamCalls('oakTransferToDepositPost').filter((call) => call.body !== undefined)).toHaveLength(1);
  });

  it('stays pending while its request has not even reached the bank (no record, no call), then completes once', async () => {
    // Held before it arrives, as if queued in the network: the inquiry answers 404 and the call log has
    // no record of its trackId, poll after poll.
    const release = h.sandbox.holdArrivals('oakTransferToDepositPost');
    const input = order('62000');
    const before = h.sandbox.balanceOf(rich.iban);
    expect(await send(input)).toMatchObject({ __typename: 'TransferPending' });
    const polled = inquiries();
    const lookups = h.upstreamCalls('devWagesGet').length;
    await eventually(
      () => inquiries() >= polled + POLLS_WHILE_HELD && h.upstreamCalls('devWagesGet').length > lookups,
      {
        what: `${POLLS_WHILE_HELD} inquiries and a call-log lookup while the request is on its way`,
        timeoutMs: 15_000,
      },
    );
    expect(h.upstreamCalls('oakTransferToDepositPost')).toEqual([]);
    expect(h.upstreamCalls('oakTransferInquiryGet').at(-1)?.status).toBe(404);
    expect(await follow(input.idempotencyKey)).toMatchObject({ __typename: 'TransferPending' });

    release();
    const outcome = await settled(input.idempotencyKey);
    expect(outcome).toMatchObject({ __typename: 'TransferCompleted', receipt: { amount: '62000' } });
    expect(h.sandbox.balanceOf(rich.iban)).toBe(before - 62_000n);
    expect(h.upstreamCalls('oakTransferToDepositPost')).toHaveLength(1);
  });

  it('is rejected, with no money moved, once the upstream records the request as failed', async () => {
    // Held, then failed by the upstream with no answer reaching the subgraph (it timed out long before).
    const release = h.sandbox.holdAnswers('oakTransferToDepositPost');
    h.sandbox.injectFault({ operationId: 'oakTransferToDepositPost', status: 500 });
    const input = order('61000');
    const before = h.sandbox.balanceOf(rich.iban);
    expect(await send(input)).toMatchObject({ __typename: 'TransferPending' });
    const polled = inquiries();
    await eventually(() => inquiries() >= polled + 3, { what: 'inquiries while held', timeoutMs: 15_000 });
    expect(await follow(input.idempotencyKey)).toMatchObject({ __typename: 'TransferPending' });
    release();
    const outcome = await settled(input.idempotencyKey);
    expect(outcome).toMatchObject({ __typename: 'TransferRejected', reason: 'REJECTED_BY_BANK' });
    expect(h.sandbox.balanceOf(rich.iban)).toBe(before);
  });
});
