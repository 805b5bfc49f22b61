import { createClient, type Client } from 'graphql-ws';
import { collect } from '../helpers/subscriptions.js';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useHarness } from '../helpers/harness.js';
import { samples } from '../helpers/samples.js';
import { eventually } from '../helpers/eventually.js';
import { at, dataOf } from '../helpers/responses.js';

const h = useHarness({ sandbox: { asyncDelayMs: 150 } });
const clients: Client[] = [];
// Registered after useHarness, so it runs before the harness closes (vitest runs after-hooks in reverse order).
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
});

const START = `mutation($input: BillInquiryInput!) {
  startBillInquiry(input: $input) { id status createdAt updatedAt failure { code } request { type parameter operator } bill { amount } }
}`;
const JOB = `query($id: ID!) {
  job(id: $id) { __typename id status failure { code message } ... on BillInquiryJob { bill { amount billId paymentId dueDate { iso } } } }
}`;

interface JobData {
  __typename: string;
  id: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  failure: { code: string; message: string } | null;
  bill: { amount: string; billId: string; paymentId: string; dueDate: { iso: string } | null } | null;
}

async function startJob(input: Record<string, string>): Promise<string> {
  const res = await h.gql<{ startBillInquiry: { id: string; status: string } }>(START, { input });
  expect(res.errors).toBeUndefined();
  expect(dataOf(res).startBillInquiry.status).toBe('PENDING');
  return dataOf(res).startBillInquiry.id;
}

function wsClient(path = '/graphql'): Client {
  const client = createClient({
    url: h.server.url.replace('http', 'ws').replace('/graphql', path),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
  });
  clients.push(client);
  return client;
}

describe('asynchronous bill inquiry', () => {
  it('submits the inquiry upstream and returns a pending job with its request', async () => {
    const res = await h.gql<{ startBillInquiry: Record<string, unknown> }>(START, {
      input: { type: 'MOBILE', parameter: samples.mtnMobile, secondParameter: 'MTN' },
    });
    expect(dataOf(res).startBillInquiry).toMatchObject({
      status: 'PENDING',
      failure: null,
      bill: null,
      request: { type: 'MOBILE', parameter: samples.mtnMobile, operator: 'MTN' },
    });
    const submit = at(h.upstreamCalls('billingInquiryRequestSubmit'), 0);
    expect(submit.method).toBe('POST');
    expect(submit.body).toEqual({ type: 'Mobile', parameter: samples.mtnMobile, secondParameter: 'MTN' });
    expect(submit.query.trackId).toMatch(/^[0-9a-f-]{36}$/);
    const id = (dataOf(res).startBillInquiry as { id: string }).id;
    await eventually(async () =>
      dataOf(await h.gql<{ job: JobData }>(JOB, { id })).job.status === 'SUCCESS' ? true : undefined,
    );
  });

  it('moves the job to SUCCESS with the same bill the synchronous inquiry gives', async () => {
    const id = await startJob({ type: 'TEL', parameter: samples.landline });
    const done = await eventually(async () => {
      const res = await h.gql<{ job: JobData }>(JOB, { id });
      return dataOf(res).job.status === 'PENDING' ? undefined : dataOf(res).job;
    });
    expect(done).toMatchObject({ __typename: 'BillInquiryJob', id, status: 'SUCCESS', failure: null });
    const sync = await h.gql<{ bill: JobData['bill'] }>(
      `{ bill(type: TEL, parameter: "${samples.landline}") { amount billId paymentId dueDate { iso } } }`,
    );
    expect(done.bill).toEqual(dataOf(sync).bill);
    const polls = h.upstreamCalls('billingInquiryStatusPoll');
    expect(polls.length).toBeGreaterThan(0);
    expect(new Set(polls.map((call) => (call.body as { requestId: string }).requestId)).size).toBe(1);
    expect(new Set(polls.map((call) => call.trackId)).size).toBe(polls.length);
  });

  it('moves the job to FAILED with the upstream code when the upstream finds the input invalid', async () => {
    const id = await startJob({ type: 'TEL', parameter: samples.landlineWithUnknownAreaCode });
    const done = await eventually(async () => {
      const res = await h.gql<{ job: JobData }>(JOB, { id });
      return dataOf(res).job.status === 'PENDING' ? undefined : dataOf(res).job;
    });
    expect(done.status).toBe('FAILED');
    expect(done.failure).toEqual({ code: '40317', message: 'invalid input value' });
    expect(done.bill).toBeNull();
  });

  it('stops polling once the job is final', async () => {
    const id = await startJob({ type: 'MOBILE_NOW', parameter: samples.mciMobile });
    await eventually(async () =>
      dataOf(await h.gql<{ job: JobData }>(JOB, { id })).job.status === 'SUCCESS' ? true : undefined,
    );
    const count = h.upstreamCalls('billingInquiryStatusPoll').length;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(h.upstreamCalls('billingInquiryStatusPoll')).toHaveLength(count);
  });

  it('answers null for an unknown job id', async () => {
    const res = await h.gql(JOB, { id: 'no-such-job' });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ job: null });
  });
});

const SUBSCRIBE = `subscription($id: ID!) {
  jobUpdated(id: $id) { __typename id status failure { code } ... on BillInquiryJob { bill { amount } } }
}`;

describe('jobUpdated over graphql-ws', () => {
  it.each(['/graphql', '/ws'])('streams PENDING then SUCCESS on %s and completes', async (path) => {
    h.sandbox.setAsyncDelay(300);
    const id = await startJob({ type: 'WATER', parameter: samples.waterBillId });
    const { events, error } = await collect<{ jobUpdated: JobData }>(wsClient(path), SUBSCRIBE, { id });
    h.sandbox.setAsyncDelay(150);
    expect(error).toBeUndefined();
    expect(events.map((event) => event.jobUpdated.status)).toEqual(['PENDING', 'SUCCESS']);
    expect(at(events, 1).jobUpdated).toMatchObject({
      __typename: 'BillInquiryJob',
      id,
      failure: null,
      bill: { amount: expect.stringMatching(/^\d+$/) },
    });
  });

  it('sends the final state and completes when subscribing to a finished job', async () => {
    const id = await startJob({ type: 'TEL', parameter: samples.landlineWithUnknownAreaCode });
    await eventually(async () =>
      dataOf(await h.gql<{ job: JobData }>(JOB, { id })).job.status === 'FAILED' ? true : undefined,
    );
    const { events } = await collect<{ jobUpdated: JobData }>(wsClient(), SUBSCRIBE, { id });
    expect(events).toHaveLength(1);
    expect(at(events, 0).jobUpdated).toMatchObject({ status: 'FAILED', failure: { code: '40317' } });
  });

  it('gives every subscriber the same stream while the job is polled once', async () => {
    h.sandbox.setAsyncDelay(300);
    const id = await startJob({ type: 'GAS', parameter: samples.gasSubscription });
    const client = wsClient();
    const results = await Promise.all([1, 2, 3].map(() => collect<{ jobUpdated: JobData }>(client, SUBSCRIBE, { id })));
    h.sandbox.setAsyncDelay(150);
    for (const { events } of results)
      expect(events.map((event) => event.jobUpdated.status)).toEqual(['PENDING', 'SUCCESS']);
    const polls = h.upstreamCalls('billingInquiryStatusPoll');
    const times = polls.map((call) => call.at);
    // One poll loop: no two polls of the job arrive at practically the same moment.
    for (let i = 1; i < times.length; i += 1) expect(at(times, i) - at(times, i - 1)).toBeGreaterThanOrEqual(10);
  });

  it('fails with NOT_FOUND for an unknown job id', async () => {
    const { events, errors, error } = await collect(wsClient(), SUBSCRIBE, { id: 'missing' });
    expect(error).toBeUndefined();
    expect(events).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(at(errors, 0).extensions).toMatchObject({ code: 'NOT_FOUND' });
  });
});
