/**
 * A credit report asked under a person's consent on one of two subgraphs sharing Redis: the other takes
 * the job over when the first stops, polls it under the same consent (looked up by its key), and streams
 * it to the person's subscriber; Redis never holds the consent's handle.
 */
import { createClient, type Client } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { smsConsent, withHandle } from '../consent/support.js';
import { CREDIT_SAMPLES, assessmentOf, personOf, startSandbox, type Sandbox } from '../fixtures/sandbox.js';
import { postGraphQL, subgraphEnv } from '../helpers/harness.js';
import { deleteKeys, keysUnder, randomPrefix, testRedis, TEST_REDIS_URL } from '../helpers/redis.js';
import { at, dataOf } from '../helpers/responses.js';
import { collect } from '../helpers/subscriptions.js';

const SCOPES = ['credit:assessment-submit-json:post', 'credit:assessment-inquiry:get'];
const INQUIRY = 'credit_v2_clients_clientId_assessmentInquiry_get_inquiry_get';
const START = `mutation($input: CreditReportInput!) { startCreditReport(input: $input) { id status } }`;
const SUBSCRIBE = `subscription($id: ID!) {
  jobUpdated(id: $id) { id status failure { code } ... on CreditReportJob { report { score riskGrade } } }
}`;

interface JobData {
  id: string;
  status: string;
  failure: { code: string } | null;
  report: { score: number; riskGrade: string } | null;
}

const person = personOf(CREDIT_SAMPLES.borrower.nationalId);
const redis = testRedis();
const prefix = randomPrefix();
const running: RunningServer[] = [];
const clients: Client[] = [];
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ asyncDelayMs: 1_000 });
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
    loadConfig({ ...subgraphEnv(sandbox), REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, JOB_LEASE_MS: '200' }),
  );
  running.push(server);
  return server;
}

/** Whatever a key holds, as text. */
async function valueOf(key: string): Promise<string> {
  switch (await redis.type(key)) {
    case 'string':
      return (await redis.get(key)) ?? '';
    case 'hash':
      return JSON.stringify(await redis.hgetall(key));
    case 'set':
      return JSON.stringify(await redis.smembers(key));
    case 'zset':
      return JSON.stringify(await redis.zrange(key, '0', '-1'));
    case 'list':
      return JSON.stringify(await redis.lrange(key, 0, -1));
    default:
      return JSON.stringify(await redis.xrange(key, '-', '+'));
  }
}

describe('a credit report across replicas', () => {
  it('is finished by the other replica under the same consent, and Redis never holds the handle', async () => {
    const [one, two] = [await startSubgraph(), await startSubgraph()];
    const gqlOne = <T = Record<string, unknown>>(
      query: string,
      variables?: Record<string, unknown>,
      headers?: Record<string, string>,
    ) => postGraphQL<T>(one.url, query, variables, headers);
    const handle = await smsConsent(gqlOne, person.nationalId, SCOPES);
    const started = await postGraphQL<{ startCreditReport: { id: string; status: string } }>(
      one.url,
      START,
      { input: { nationalId: person.nationalId, mobile: person.mobile } },
      withHandle(handle),
    );
    expect(started.errors).toBeUndefined();
    const { id } = dataOf(started).startCreditReport;

    // The first replica goes away while the report is pending: the second takes the job over.
    running.splice(running.indexOf(one), 1);
    await one.stop();
    sandbox.clearCalls();
    const client = createClient({
      url: two.url.replace('http', 'ws'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { consentHandle: handle },
    });
    clients.push(client);
    const { events, error } = await collect<{ jobUpdated: JobData }>(client, SUBSCRIBE, { id });
    expect(error).toBeUndefined();
    const world = assessmentOf(person.nationalId);
    expect(at(events, events.length - 1).jobUpdated).toMatchObject({
      id,
      status: 'SUCCESS',
      failure: null,
      report: { score: world.score, riskGrade: world.grade },
    });
    const polls = sandbox.calls(INQUIRY);
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((call) => call.tokenUserId === person.nationalId)).toBe(true);

    const values = await Promise.all((await keysUnder(redis, prefix)).map(valueOf));
    expect(values.length).toBeGreaterThan(0);
    expect(values.some((value) => value.includes(handle))).toBe(false);
  });
});
