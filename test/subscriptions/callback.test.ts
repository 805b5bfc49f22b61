/**
 * Subscriptions over HTTP callbacks, the Apollo Router's callback mode: the test plays the router with
 * its own callback endpoint on 127.0.0.1 and follows a bill inquiry job through `jobUpdated`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryJobEvents } from '../../src/jobs/memoryEvents.js';
import { callbackSubscriptionEnds, callbackSubscriptions } from '../../src/observability/metrics.js';
import { smsConsent, withHandle, type Gql } from '../consent/support.js';
import { CREDIT_SAMPLES, personOf } from '../fixtures/sandbox.js';
import { startCallbackReceiver, type CallbackReceiver, type ReceivedMessage } from '../helpers/callbackReceiver.js';
import { eventually } from '../helpers/eventually.js';
import { useHarness, type GraphQLResponse } from '../helpers/harness.js';
import { at, dataOf, errorsOf } from '../helpers/responses.js';
import { samples } from '../helpers/samples.js';

const ROUTER_SECRET = 'router-secret-of-the-callback-tests';
const AUTH = { 'router-authorization': ROUTER_SECRET };
/** How long the sandbox keeps an inquiry pending: long enough for several heartbeats. */
const PENDING_MS = 700;
const START = `mutation($input: BillInquiryInput!) { startBillInquiry(input: $input) { id status } }`;
const SUBSCRIBE = `subscription($id: ID!) {
  jobUpdated(id: $id) { __typename id status ... on BillInquiryJob { bill { amount } } }
}`;
const JOB = `query($id: ID!) { job(id: $id) { status } }`;

const h = useHarness({
  sandbox: { asyncDelayMs: PENDING_MS },
  env: { SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS: '127.0.0.1', ROUTER_SECRET },
});
let receiver: CallbackReceiver;
beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver.close());

interface Callback {
  callbackUrl: string;
  subscriptionId: string;
  verifier: string;
  heartbeatIntervalMs: number;
}

/** A subscription and callback the receiver knows, as a router makes them. */
function registered(heartbeatIntervalMs = 0): Callback {
  const subscriptionId = randomUUID();
  const verifier = randomUUID();
  return { callbackUrl: receiver.expect(subscriptionId, verifier), subscriptionId, verifier, heartbeatIntervalMs };
}

/** Posts an operation as the router does in callback mode; the response, and how many messages had arrived by then. */
async function postSubscription(
  query: string,
  variables: Record<string, unknown>,
  subscription: Partial<Callback> | null,
  headers: Record<string, string> = AUTH,
): Promise<GraphQLResponse & { messagesBefore: number; contentType: string | null }> {
  const res = await fetch(h.server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json;callbackSpec=1.0', ...headers },
    body: JSON.stringify({ query, variables, ...(subscription && { extensions: { subscription } }) }),
  });
  const messagesBefore = receiver.all.length;
  return {
    status: res.status,
    messagesBefore,
    contentType: res.headers.get('content-type'),
    ...((await res.json()) as object),
  };
}

async function startJob(): Promise<string> {
  const res = await h.gql<{ startBillInquiry: { id: string } }>(
    START,
    { input: { type: 'WATER', parameter: samples.waterBillId } },
    AUTH,
  );
  return dataOf(res).startBillInquiry.id;
}

async function jobDone(id: string): Promise<void> {
  await eventually(
    async () => dataOf(await h.gql<{ job: { status: string } }>(JOB, { id }, AUTH)).job.status === 'SUCCESS',
    { what: `job ${id} to succeed`, timeoutMs: 5_000, intervalMs: 50 },
  );
}

const actions = (messages: ReceivedMessage[]) => messages.map((entry) => entry.message.action);

/** The jobs the engine's in-process events have a listener for: a subscription's follower of its job. */
function watchedJobs(): number {
  const events = (h.server.services.jobs as unknown as { options: { events: unknown } }).options.events;
  if (!(events instanceof MemoryJobEvents)) throw new Error('expected the in-process job events');
  return events.watchedJobs;
}

/** Callback subscriptions ended for `reason` so far, as `/metrics` counts them. */
async function ends(reason: string): Promise<number> {
  return (await callbackSubscriptionEnds.get()).values.find((value) => value.labels.reason === reason)?.value ?? 0;
}

async function running(): Promise<number> {
  return at((await callbackSubscriptions.get()).values, 0).value;
}

/** A short real wait, to show that nothing more happens. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a subscription over HTTP callbacks', () => {
  it('checks first, answers {data: null}, sends each change of the job as next, then complete', async () => {
    const completed = await ends('completed');
    const id = await startJob();
    const callback = registered();
    const res = await postSubscription(SUBSCRIBE, { id }, callback);

    expect(res.status).toBe(200);
    expect(res.contentType).toBe('application/json; charset=utf-8');
    expect(res.errors).toBeUndefined();
    expect(res.data).toBeNull();
    // The check went out, and was answered, before the router's request was.
    expect(actions(receiver.messagesOf(callback.subscriptionId)).slice(0, 1)).toEqual(['check']);
    expect(res.messagesBefore).toBeGreaterThanOrEqual(1);

    const messages = await eventually(
      () => {
        const all = receiver.messagesOf(callback.subscriptionId);
        return all.at(-1)?.message.action === 'complete' && all;
      },
      { what: 'complete' },
    );
    expect(actions(messages)).toEqual(['check', 'next', 'next', 'complete']);
    const [pending, success] = [at(messages, 1).message.payload, at(messages, 2).message.payload];
    expect(pending).toEqual({
      data: { jobUpdated: { __typename: 'BillInquiryJob', id, status: 'PENDING', bill: null } },
    });
    expect(success?.data?.['jobUpdated']).toMatchObject({ status: 'SUCCESS', bill: { amount: expect.any(String) } });
    expect(at(messages, 3).message.errors).toBeUndefined();
    for (const { message, headers } of messages) {
      expect(message).toMatchObject({ kind: 'subscription', id: callback.subscriptionId, verifier: callback.verifier });
      expect(headers['subscription-protocol']).toBe('callback/1.0');
      expect(headers['content-type']).toContain('application/json');
    }
    await eventually(() => h.server.callbackSubscriptions?.size === 0 && watchedJobs() === 0, {
      what: 'the subscription to be gone',
    });
    expect(await ends('completed')).toBe(completed + 1);
    expect(await running()).toBe(0);
  });

  it('sends a check every heartbeat interval while it runs, and none after complete', async () => {
    // The job's polls wait at the sandbox until three heartbeats came, however slow the machine's timers.
    const release = h.sandbox.holdAnswers('billingInquiryStatusPoll');
    const id = await startJob();
    const callback = registered(100);
    const posted = performance.now();
    expect((await postSubscription(SUBSCRIBE, { id }, callback)).status).toBe(200);
    const checks = () =>
      receiver.messagesOf(callback.subscriptionId).filter((entry) => entry.message.action === 'check').length;
    // The first check is the subscription's own; three more are heartbeats.
    await eventually(() => checks() >= 4, { what: 'three heartbeats' });
    release();

    const messages = await eventually(
      () => {
        const all = receiver.messagesOf(callback.subscriptionId);
        return all.at(-1)?.message.action === 'complete' && all;
      },
      { what: 'complete' },
    );
    const heartbeats = messages.slice(1).filter((entry) => entry.message.action === 'check');
    expect(heartbeats.length).toBeGreaterThanOrEqual(3);
    // The n-th heartbeat leaves n intervals after the subscription at the earliest, and before complete
    // arrives: arrival times alone would not tell, as a busy machine may deliver two at once.
    const elapsed = at(messages, messages.length - 1).at - posted;
    expect(heartbeats.length).toBeLessThanOrEqual(Math.floor(elapsed / 100));

    const count = receiver.messagesOf(callback.subscriptionId).length;
    await pause(300);
    expect(receiver.messagesOf(callback.subscriptionId)).toHaveLength(count);
  });

  it('stops at a 404 from the router: no more messages, and the job is no longer followed for it', async () => {
    const gone = await ends('gone');
    const id = await startJob();
    const callback = registered(200);
    receiver.answerWith((message) =>
      message.id === callback.subscriptionId && message.action === 'next' ? 404 : undefined,
    );
    try {
      expect((await postSubscription(SUBSCRIBE, { id }, callback)).status).toBe(200);
      await eventually(() => actions(receiver.messagesOf(callback.subscriptionId)).includes('next'), {
        what: 'the first next',
      });
      await eventually(() => h.server.callbackSubscriptions?.size === 0 && watchedJobs() === 0, {
        what: 'the subscription and its follower to be released',
      });
      await jobDone(id);
      await pause(300);
      // Neither the job's success nor a heartbeat (every 200 ms while it ran) went out after the 404; at most one
      // heartbeat already on its way may arrive just after it.
      const messages = receiver.messagesOf(callback.subscriptionId);
      expect(actions(messages).filter((action) => action === 'next')).toHaveLength(1);
      const refusedAt = at(messages, actions(messages).indexOf('next')).at;
      expect(messages.filter((entry) => entry.at > refusedAt + 250)).toEqual([]);
      expect(await ends('gone')).toBe(gone + 1);
    } finally {
      receiver.answerWith(null);
    }
  });

  it('stops when the router answers a heartbeat with 404', async () => {
    const id = await startJob();
    const callback = registered(100);
    let checks = 0;
    receiver.answerWith((message) =>
      message.id === callback.subscriptionId && message.action === 'check' && ++checks > 1 ? 404 : undefined,
    );
    try {
      expect((await postSubscription(SUBSCRIBE, { id }, callback)).status).toBe(200);
      await eventually(() => checks >= 2, { what: 'a heartbeat' });
      await eventually(() => h.server.callbackSubscriptions?.size === 0 && watchedJobs() === 0, {
        what: 'the subscription to stop',
      });
      await jobDone(id);
      await pause(300);
      // The heartbeat answered 404 was the last message: no success, no other heartbeat.
      const messages = receiver.messagesOf(callback.subscriptionId);
      expect(actions(messages).filter((action) => action === 'check')).toHaveLength(2);
      expect(actions(messages).filter((action) => action === 'next')).toHaveLength(1);
      expect(messages.at(-1)?.message.action).toBe('check');
    } finally {
      receiver.answerWith(null);
    }
  });

  it('ends cleanly when the check is refused (wrong verifier): 400 to the router, nothing more sent', async () => {
    const id = await startJob();
    const callback = { ...registered(100), verifier: 'not-the-router-verifier' };
    const res = await postSubscription(SUBSCRIBE, { id }, callback);

    expect(res.status).toBe(400);
    expect(res.contentType).toBe('application/json; charset=utf-8');
    expect(res.data).toBeNull();
    expect(at(errorsOf(res), 0).extensions?.['code']).toBe('BAD_REQUEST');
    expect(at(errorsOf(res), 0).message).toMatch(/did not accept the subscription check/);
    await pause(300);
    expect(actions(receiver.messagesOf(callback.subscriptionId))).toEqual(['check']);
    expect(h.server.callbackSubscriptions?.size).toBe(0);
    expect(watchedJobs()).toBe(0);
  });

  it('answers 400 when nobody answers at the callback URL, and starts nothing', async () => {
    const id = await startJob();
    const closed = await startCallbackReceiver();
    const callbackUrl = `${closed.baseUrl}/callback/gone`;
    await closed.close();
    const res = await postSubscription(SUBSCRIBE, { id }, { ...registered(), callbackUrl });

    expect(res.status).toBe(400);
    expect(at(errorsOf(res), 0)).toMatchObject({ extensions: { code: 'BAD_REQUEST' } });
    expect(at(errorsOf(res), 0).message).toMatch(/did not accept the subscription check/);
    expect(h.server.callbackSubscriptions?.size).toBe(0);
  });

  it('runs for the caller of the request: a job only its consent sees is streamed with the consent handle, and to no one else', async () => {
    const borrower = personOf(CREDIT_SAMPLES.borrower.nationalId);
    const gql: Gql = (query, variables, headers) => h.gql(query, variables, { ...AUTH, ...headers });
    const handle = await smsConsent(gql, borrower.nationalId, [
      'credit:assessment-submit-json:post',
      'credit:assessment-inquiry:get',
    ]);
    const started = await gql<{ startCreditReport: { id: string } }>(
      `mutation($input: CreditReportInput!) { startCreditReport(input: $input) { id } }`,
      { input: { nationalId: borrower.nationalId, mobile: borrower.mobile } },
      withHandle(handle),
    );
    const id = dataOf(started).startCreditReport.id;
    const query = `subscription($id: ID!) { jobUpdated(id: $id) { status ... on CreditReportJob { report { nationalId } } } }`;
    const completeOf = (callback: Callback) =>
      eventually(
        () => {
          const all = receiver.messagesOf(callback.subscriptionId);
          return all.at(-1)?.message.action === 'complete' && all;
        },
        { what: 'complete' },
      );

    const person = registered();
    expect((await postSubscription(query, { id }, person, { ...AUTH, ...withHandle(handle) })).status).toBe(200);
    const messages = await completeOf(person);
    expect(actions(messages).at(-2)).toBe('next');
    expect(messages.at(-2)?.message.payload?.data?.['jobUpdated']).toEqual({
      status: 'SUCCESS',
      report: { nationalId: borrower.nationalId },
    });

    const anyone = registered();
    expect((await postSubscription(query, { id }, anyone)).status).toBe(200);
    const refused = await completeOf(anyone);
    expect(actions(refused)).toEqual(['check', 'complete']);
    expect(at(refused, 1).message.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND' });
  });

  it('sends complete with the error when the subscription cannot start (no such job)', async () => {
    const callback = registered();
    const res = await postSubscription(SUBSCRIBE, { id: 'no-such-job' }, callback);

    expect(res.status).toBe(200);
    const messages = await eventually(
      () => {
        const all = receiver.messagesOf(callback.subscriptionId);
        return all.at(-1)?.message.action === 'complete' && all;
      },
      { what: 'complete' },
    );
    expect(actions(messages)).toEqual(['check', 'complete']);
    expect(at(messages, 1).message.errors).toEqual([
      expect.objectContaining({ message: 'No job with id "no-such-job".', extensions: { code: 'NOT_FOUND' } }),
    ]);
  });
});

describe('refusals before anything is sent', () => {
  it.each([
    ['a host that is not allowed', (port: string) => `http://localhost:${port}/callback/x`],
    ['another scheme', (port: string) => `ftp://127.0.0.1:${port}/callback/x`],
    ['credentials in the URL', (port: string) => `http://user:secret@127.0.0.1:${port}/callback/x`],
    ['no URL at all', () => 'not a url'],
  ])('refuses a callback URL with %s, calling nothing', async (_what, urlFor) => {
    const id = await startJob();
    const port = new URL(receiver.baseUrl).port;
    const before = receiver.all.length;
    const res = await postSubscription(SUBSCRIBE, { id }, { ...registered(), callbackUrl: urlFor(port) });

    expect(res.status).toBe(400);
    expect(at(errorsOf(res), 0)).toMatchObject({ extensions: { code: 'BAD_REQUEST' } });
    expect(at(errorsOf(res), 0).message).toMatch(/callbackUrl/);
    await pause(100);
    expect(receiver.all).toHaveLength(before);
  });

  it('refuses a subscription without the router secret, before any check', async () => {
    const id = await startJob();
    const before = receiver.all.length;
    const res = await postSubscription(SUBSCRIBE, { id }, registered(), {});

    expect(res.status).toBe(401);
    expect(at(errorsOf(res), 0).extensions?.['code']).toBe('UNAUTHENTICATED');
    expect(receiver.all).toHaveLength(before);
  });

  it('refuses an incomplete callback extension', async () => {
    const id = await startJob();
    const { verifier: _verifier, ...withoutVerifier } = registered();
    const res = await postSubscription(SUBSCRIBE, { id }, withoutVerifier);

    expect(res.status).toBe(400);
    expect(at(errorsOf(res), 0).message).toMatch(/verifier/);
  });

  it('still refuses a subscription over HTTP without callback extensions', async () => {
    const id = await startJob();
    const res = await postSubscription(SUBSCRIBE, { id }, null);

    expect(res.status).toBe(400);
    expect(at(errorsOf(res), 0)).toMatchObject({ extensions: { code: 'BAD_REQUEST' } });
    expect(at(errorsOf(res), 0).message).toMatch(/WebSocket \(graphql-ws protocol\) at \/graphql or \/ws/);
  });

  it('refuses an operation name the document does not have, calling nothing', async () => {
    const before = receiver.all.length;
    const res = await fetch(h.server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH },
      body: JSON.stringify({
        query: SUBSCRIBE,
        operationName: 'Nope',
        variables: { id: 'x' },
        extensions: { subscription: registered() },
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as GraphQLResponse;
    expect(at(errorsOf(body), 0).message).toMatch(/Nope/);
    expect(receiver.all).toHaveLength(before);
  });
});
