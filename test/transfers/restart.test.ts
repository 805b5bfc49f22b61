/**
 * Idempotency keys of transfers survive a restart when jobs live in Redis: two subgraphs, one after the
 * other, in front of one sandbox and one Redis.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startSandbox, type Sandbox, THREE_BANKS } from '../fixtures/sandbox.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { postGraphQL, subgraphEnv } from '../helpers/harness.js';
import { deleteKeys, randomPrefix, testRedis, TEST_REDIS_URL } from '../helpers/redis.js';
import { eventually } from '../helpers/eventually.js';
import { at, dataOf, present } from '../helpers/responses.js';
import { transferAccounts } from '../helpers/transferAccounts.js';

const RESULT = `__typename
  ... on TransferCompleted { transfer { id status } receipt { amount refCode trackId inquirySequence bookedAt { iso } } }
  ... on TransferPending { transfer { id status } }
  ... on TransferRejected { reason transfer { id status } }`;
const TRANSFER = `mutation($input: TransferInput!) { transfer(input: $input) { ${RESULT} } }`;
const FOLLOW = `query($nid: String!, $key: String!) { transfer(nationalId: $nid, idempotencyKey: $key) { ${RESULT} } }`;

interface Outcome {
  __typename: string;
  transfer: { id: string; status: string };
  receipt?: { amount: string; trackId: string };
}

const { rich, other } = transferAccounts();

const order = (amount: string) => ({
  idempotencyKey: randomUUID(),
  nationalId: THREE_BANKS.nationalId,
  sourceAccountNumber: rich.deposit,
  destination: other.deposit,
  amount,
  description: 'قسط',
  // Ayandeh (062) sources require a payment id and a purpose code.
  paymentNumber: '1234567',
  reasonDescription: '1',
});

/** A subgraph process as a client sees it: its own consent, the shared store. */
interface Subgraph {
  readonly server: RunningServer;
  send(input: Record<string, unknown>): Promise<Outcome>;
  follow(key: string): Promise<Outcome | null>;
}

let sandbox: Sandbox;
const redis = testRedis();
const running: RunningServer[] = [];
let prefix = '';

beforeAll(async () => {
  sandbox = await startSandbox({ asyncDelayMs: 50 });
});
beforeEach(() => {
  prefix = randomPrefix();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
  sandbox.clearFaults();
  await deleteKeys(redis, prefix);
});
afterAll(async () => {
  await sandbox.close();
  await redis.quit();
});

async function startSubgraph(): Promise<Subgraph> {
  const server = await startServer(
    loadConfig({
      ...subgraphEnv(sandbox),
      UPSTREAM_TIMEOUT_MS: '500',
      UPSTREAM_OPERATION_BUDGET_MS: '500',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
    }),
  );
  running.push(server);
  const gql = <T>(query: string, variables: Record<string, unknown>, headers?: Record<string, string>) =>
    postGraphQL<T>(server.url, query, variables, headers);
  // Each process takes a consent of its own.
  const handle = await codeConsent(gql, THREE_BANKS.nationalId, '062');
  return {
    server,
    async send(input) {
      const res = await gql<{ transfer: Outcome }>(TRANSFER, { input }, withHandle(handle));
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      return dataOf(res).transfer;
    },
    async follow(key) {
      const res = await gql<{ transfer: Outcome | null }>(
        FOLLOW,
        { nid: THREE_BANKS.nationalId, key },
        withHandle(handle),
      );
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      return dataOf(res).transfer;
    },
  };
}

async function restart(subgraph: Subgraph): Promise<Subgraph> {
  await subgraph.server.stop();
  return startSubgraph();
}

const sentWith = (trackId: string) => sandbox.appliedTransfers().filter((transfer) => transfer.trackId === trackId);

describe('after a restart on the same Redis', () => {
  it('a pending transfer is not sent again, and the resumed job engine finds it completed', async () => {
    const first = await startSubgraph();
    // Applied, but answered 408; the inquiry fails until the restart, so only the new process can settle it.
    sandbox.injectFault({ operationId: 'oakTransferToDepositPost', status: 408, afterEffect: true });
    sandbox.injectFault({ operationId: 'oakTransferInquiryGet', status: 503, times: Infinity });
    const input = order('70000');
    const before = sandbox.balanceOf(rich.iban);
    const sendsBefore = sandbox.calls('oakTransferToDepositPost').length;
    expect(await first.send(input)).toMatchObject({ __typename: 'TransferPending', transfer: { status: 'PENDING' } });
    const sent = at(sandbox.calls('oakTransferToDepositPost').slice(sendsBefore), 0);

    const second = await restart(first);
    expect(await second.send(input)).toMatchObject({ __typename: 'TransferPending', transfer: { status: 'PENDING' } });
    sandbox.clearFaults();
    const outcome = await eventually(async () => {
      const found = await second.follow(input.idempotencyKey);
      return found?.__typename === 'TransferPending' ? undefined : found;
    });

    expect(outcome).toMatchObject({
      __typename: 'TransferCompleted',
      transfer: { status: 'SUCCESS' },
      receipt: { amount: '70000', trackId: sent.trackId },
    });
    expect(await second.send(input)).toEqual(outcome);
    expect(sandbox.calls('oakTransferToDepositPost').length - sendsBefore).toBe(1);
    expect(sentWith(present(sent.trackId, 'the trackId of the send'))).toHaveLength(1);
    expect(sandbox.balanceOf(rich.iban)).toBe(before - 70_000n);
  });

  it('a completed transfer’s key answers the same receipt without sending', async () => {
    const first = await startSubgraph();
    const input = order('30000');
    const before = sandbox.balanceOf(rich.iban);
    const completed = await first.send(input);
    expect(completed).toMatchObject({ __typename: 'TransferCompleted', receipt: { amount: '30000' } });
    const sendsBefore = sandbox.calls('oakTransferToDepositPost').length;

    const second = await restart(first);
    expect(await second.send(input)).toEqual(completed);
    expect(await second.follow(input.idempotencyKey)).toEqual(completed);
    expect(sandbox.calls('oakTransferToDepositPost')).toHaveLength(sendsBefore);
    expect(sentWith(present(completed.receipt, 'completed.receipt').trackId)).toHaveLength(1);
    expect(sandbox.balanceOf(rich.iban)).toBe(before - 30_000n);
  });
});
