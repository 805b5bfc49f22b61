/**
 * Two subgraphs sharing one Redis, as two replicas: a job started through one is streamed by
 * `jobUpdated` on the other, and polled by one of them only.
 */
import { createClient, type Client } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { startSandbox, type Sandbox } from '../fixtures/sandbox.js';
import { postGraphQL, subgraphEnv } from '../helpers/harness.js';
import { deleteKeys, randomPrefix, testRedis, TEST_REDIS_URL } from '../helpers/redis.js';
import { dataOf } from '../helpers/responses.js';
import { samples } from '../helpers/samples.js';
import { collect } from '../helpers/subscriptions.js';

const START = `mutation($input: BillInquiryInput!) { startBillInquiry(input: $input) { id status } }`;
const SUBSCRIBE = `subscription($id: ID!) {
  jobUpdated(id: $id) { __typename id status ... on BillInquiryJob { bill { amount } } }
}`;

interface JobData {
  __typename: string;
  id: string;
  status: string;
  bill: { amount: string } | null;
}

/** How long the sandbox keeps an inquiry pending. */
const PENDING_MS = 600;

let sandbox: Sandbox;
const redis = testRedis();
const running: RunningServer[] = [];
const clients: Client[] = [];
let prefix = '';

beforeAll(async () => {
  sandbox = await startSandbox({ asyncDelayMs: PENDING_MS });
});
beforeEach(() => {
  prefix = randomPrefix();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
  await Promise.all(running.splice(0).map((server) => server.stop()));
  await deleteKeys(redis, prefix);
});
afterAll(async () => {
  await sandbox.close();
  await redis.quit();
});

async function startSubgraph(): Promise<RunningServer> {
  const server = await startServer(
    loadConfig({
      ...subgraphEnv(sandbox),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      // Each replica looks for jobs nobody polls every 100 ms.
      JOB_LEASE_MS: '200',
    }),
  );
  running.push(server);
  return server;
}

function wsClient(server: RunningServer): Client {
  const client = createClient({ url: server.url.replace('http', 'ws'), webSocketImpl: WebSocket, retryAttempts: 0 });
  clients.push(client);
  return client;
}

describe('two subgraphs sharing Redis', () => {
  it('stream a job started through one to subscribers of the other, polling it from one only', async () => {
    const [one, two] = [await startSubgraph(), await startSubgraph()];
    sandbox.clearCalls();
    const res = await postGraphQL<{ startBillInquiry: { id: string; status: string } }>(one.url, START, {
      input: { type: 'WATER', parameter: samples.waterBillId },
    });
    expect(res.errors).toBeUndefined();
    const { id } = dataOf(res).startBillInquiry;

    const client = wsClient(two);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => collect<{ jobUpdated: JobData }>(client, SUBSCRIBE, { id })),
    );

    for (const { events, error } of results) {
      expect(error).toBeUndefined();
      expect(events.map((event) => event.jobUpdated.status)).toEqual(['PENDING', 'SUCCESS']);
      expect(events[1]?.jobUpdated).toMatchObject({
        __typename: 'BillInquiryJob',
        id,
        bill: { amount: expect.any(String) },
      });
    }
    // One poll loop (20, 30, 45, 68 then 100 ms apart) reaches the answer at 600 ms with at most 9 polls;
    // a second replica polling as well, from its first look for jobs on, would add about 5.
    expect(sandbox.calls('billingInquiryStatusPoll').length).toBeLessThanOrEqual(9);
  });
});
