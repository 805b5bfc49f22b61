/**
 * The store (Redis) goes away and comes back, seen through a TCP proxy in front of the shared test
 * Redis: requests that need the store fail fast with SERVICE_UNAVAILABLE and send nothing upstream,
 * /readyz and Apollo's health check answer 503, and everything works again once the store answers.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeUp } from '../../src/observability/metrics.js';
import { THREE_BANKS } from '../fixtures/sandbox.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { useHarness } from '../helpers/harness.js';
import { deleteKeys, randomPrefix, testRedis, TEST_REDIS_URL } from '../helpers/redis.js';
import { samples } from '../helpers/samples.js';
import { collect } from '../helpers/subscriptions.js';
import { TcpProxy } from '../helpers/tcpProxy.js';
import { eventually } from '../helpers/eventually.js';
import { dataOf, firstError } from '../helpers/responses.js';
import { transferAccounts } from '../helpers/transferAccounts.js';

const target = new URL(TEST_REDIS_URL);
const proxy = await TcpProxy.start(target.hostname, Number(target.port || 6379));
const prefix = randomPrefix();
const redis = testRedis();
const h = useHarness({ env: { REDIS_URL: proxy.url, REDIS_KEY_PREFIX: prefix, REDIS_COMMAND_TIMEOUT_MS: '300' } });
let handle = '';
beforeAll(async () => {
  handle = await codeConsent(h.gql, THREE_BANKS.nationalId, '062');
});
afterAll(async () => {
  // Runs before the harness closes: the subgraph's Redis client then finds the store gone and disconnects.
  await proxy.down();
  await deleteKeys(redis, prefix);
  await redis.quit();
});

const { rich, other } = transferAccounts();

const TRANSFER = `mutation($input: TransferInput!) { transfer(input: $input) { __typename ... on TransferCompleted { transfer { id status } } } }`;
const START = `mutation($input: BillInquiryInput!) { startBillInquiry(input: $input) { id status } }`;
const JOB = `query($id: ID!) { job(id: $id) { id status } }`;

const transferInput = () => ({
  idempotencyKey: randomUUID(),
  nationalId: THREE_BANKS.nationalId,
  sourceAccountNumber: rich.deposit,
  destination: other.deposit,
  amount: '20000',
  description: 'قسط',
  // Ayandeh (062) sources require a payment id and a purpose code.
  paymentNumber: '1234567',
  reasonDescription: '1',
});

async function readyz(): Promise<number> {
  return (await fetch(h.server.url.replace('/graphql', '/readyz'))).status;
}

async function apolloHealth(): Promise<number> {
  return (await fetch(h.server.url.replace('/graphql', '/.well-known/apollo/server-health'))).status;
}

const storeUpValue = async () => (await storeUp.get()).values[0]?.value;
const codeOf = (res: { errors?: Array<{ extensions?: Record<string, unknown> }> }) =>
  res.errors?.[0]?.extensions?.['code'];

/** Every request that needs the store fails with SERVICE_UNAVAILABLE, and none reaches the upstream. */
async function expectRefusedWithoutSending(jobId: string): Promise<void> {
  h.sandbox.clearCalls();
  const job = await h.gql(JOB, { id: jobId });
  expect(codeOf(job)).toBe('SERVICE_UNAVAILABLE');
  expect(firstError(job).message).toMatch(/job store does not answer/);
  expect(codeOf(await h.gql(START, { input: { type: 'TEL', parameter: samples.landline } }))).toBe(
    'SERVICE_UNAVAILABLE',
  );
  expect(codeOf(await h.gql(TRANSFER, { input: transferInput() }, withHandle(handle)))).toBe('SERVICE_UNAVAILABLE');

  const client = createClient({ url: h.server.url.replace('http', 'ws'), webSocketImpl: WebSocket, retryAttempts: 0 });
  try {
    const { errors } = await collect(client, 'subscription($id: ID!) { jobUpdated(id: $id) { id status } }', {
      id: jobId,
    });
    expect(errors.map((error) => error.extensions?.['code'])).toEqual(['SERVICE_UNAVAILABLE']);
  } finally {
    await client.dispose();
  }
  expect(h.upstreamCalls()).toEqual([]);
}

/** A bill inquiry's job, once finished: nothing polls the upstream for it any more. */
async function finishedJob(): Promise<string> {
  const started = await h.gql<{ startBillInquiry: { id: string } }>(START, {
    input: { type: 'TEL', parameter: samples.landline },
  });
  expect(started.errors).toBeUndefined();
  const id = dataOf(started).startBillInquiry.id;
  await eventually(async () => {
    const job = await h.gql<{ job: { status: string } }>(JOB, { id });
    return job.data?.job.status === 'PENDING' ? undefined : true;
  });
  return id;
}

async function expectServingAgain(): Promise<void> {
  await eventually(async () => ((await readyz()) === 200 ? true : undefined), { timeoutMs: 10_000 });
  expect(await apolloHealth()).toBe(200);
  expect(await storeUpValue()).toBe(1);
  const res = await h.gql<{ transfer: { __typename: string } }>(
    TRANSFER,
    { input: transferInput() },
    withHandle(handle),
  );
  expect(res.errors).toBeUndefined();
  expect(dataOf(res).transfer.__typename).toBe('TransferCompleted');
}

describe('while the store is unreachable', () => {
  it('refuses what needs the store, answers /readyz 503, and serves again when the store is back', async () => {
    const jobId = await finishedJob();
    expect(await readyz()).toBe(200);
    expect(await storeUpValue()).toBe(1);

    await proxy.down();
    await expectRefusedWithoutSending(jobId);
    expect(await readyz()).toBe(503);
    expect(await apolloHealth()).toBe(503);
    expect(await storeUpValue()).toBe(0);

    await proxy.up();
    await expectServingAgain();
  });

  it('gives up on a store that stopped answering after the command timeout, and serves again when it answers', async () => {
    const jobId = await finishedJob();

    proxy.hang();
    await expectRefusedWithoutSending(jobId);
    await eventually(async () => ((await readyz()) === 503 ? true : undefined));
    expect(await storeUpValue()).toBe(0);

    await proxy.up();
    await expectServingAgain();
  });
});
