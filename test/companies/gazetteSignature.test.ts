import { createClient, type Client } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { COMPANY_SAMPLES, INVALID_LEGAL_ID, companyOf, gazetteOf } from '../fixtures/sandbox.js';
import { eventually } from '../helpers/eventually.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, firstError, present } from '../helpers/responses.js';
import { samples } from '../helpers/samples.js';
import { collect } from '../helpers/subscriptions.js';

const h = useHarness({ sandbox: { asyncDelayMs: 150 } });
const clients: Client[] = [];
// Registered after useHarness, so it runs before the harness closes (vitest runs after-hooks in reverse order).
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
});

const { active, dissolved } = COMPANY_SAMPLES;
const board = companyOf(active.nationalId).board;
const ceo = present(
  board.find((seat) => seat.role === 'CEO'),
  'a CEO',
);
const silentMember = present(
  board.find((seat) => seat.signature === null),
  'a board member without signing rights',
);
const appointment = gazetteOf(active.nationalId).appointment;

const START = `mutation($input: GazetteSignatureInput!) {
  startGazetteSignatureVerification(input: $input) {
    __typename id status failure { code } request { companyId nationalId } verification { verdict }
  }
}`;
const FIELDS = `__typename id status failure { code message }
  ... on GazetteSignatureJob {
    request { companyId nationalId }
    verification { verdict signatureKind position noticeId noticePublishedOn { jalali } newspaperNumber }
  }`;
const JOB = `query($id: ID!) { job(id: $id) { ${FIELDS} } }`;
const SUBSCRIBE = `subscription($id: ID!) { jobUpdated(id: $id) { ${FIELDS} } }`;

interface JobData {
  __typename: string;
  id: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  failure: { code: string; message: string } | null;
  request: { companyId: string; nationalId: string };
  verification: {
    verdict: 'VERIFIED' | 'NOT_VERIFIED';
    signatureKind: string | null;
    position: string | null;
    noticeId: string | null;
    noticePublishedOn: { jalali: string } | null;
    newspaperNumber: string | null;
  } | null;
}

async function start(companyId: string, nationalId: string): Promise<string> {
  const res = await h.gql<{ startGazetteSignatureVerification: { id: string; status: string } }>(START, {
    input: { companyId, nationalId },
  });
  expect(dataOf(res).startGazetteSignatureVerification.status).toBe('PENDING');
  return dataOf(res).startGazetteSignatureVerification.id;
}

async function finalState(id: string): Promise<JobData> {
  return eventually(async () => {
    const job = dataOf(await h.gql<{ job: JobData | null }>(JOB, { id })).job;
    return job && job.status !== 'PENDING' ? job : undefined;
  });
}

function wsClient(): Client {
  const client = createClient({
    url: h.server.url.replace('http', 'ws'),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
  });
  clients.push(client);
  return client;
}

describe('official-gazette signature verification', () => {
  it('submits once upstream and returns a pending job with its request', async () => {
    const res = await h.gql<{ startGazetteSignatureVerification: Record<string, unknown> }>(START, {
      input: { companyId: active.nationalId, nationalId: ceo.nationalId },
    });
    expect(dataOf(res).startGazetteSignatureVerification).toMatchObject({
      __typename: 'GazetteSignatureJob',
      status: 'PENDING',
      failure: null,
      verification: null,
      request: { companyId: active.nationalId, nationalId: ceo.nationalId },
    });
    const submit = at(h.upstreamCalls('kybGazetteSignatureVerificationSubmitPost'), 0);
    expect(submit.method).toBe('POST');
    expect(submit.body).toEqual({ companyId: active.nationalId, nationalId: ceo.nationalId });
    expect(h.upstreamCalls('kybGazetteSignatureVerificationSubmitPost')).toHaveLength(1);
    const { id } = dataOf(res).startGazetteSignatureVerification as { id: string };
    expect((await finalState(id)).status).toBe('SUCCESS');
  });

  it('streams PENDING then VERIFIED over jobUpdated, and job(id) answers the same final state', async () => {
    h.sandbox.setAsyncDelay(300);
    const id = await start(active.nationalId, ceo.nationalId);
    const { events, error } = await collect<{ jobUpdated: JobData }>(wsClient(), SUBSCRIBE, { id });
    h.sandbox.setAsyncDelay(150);
    expect(error).toBeUndefined();
    expect(events.map((event) => event.jobUpdated.status)).toEqual(['PENDING', 'SUCCESS']);
    const final = at(events, 1).jobUpdated;
    expect(final).toEqual({
      __typename: 'GazetteSignatureJob',
      id,
      status: 'SUCCESS',
      failure: null,
      request: { companyId: active.nationalId, nationalId: ceo.nationalId },
      verification: {
        verdict: 'VERIFIED',
        signatureKind: 'OBLIGATORY_AND_NORMAL',
        position: ceo.title,
        noticeId: String(appointment.newsId),
        noticePublishedOn: { jalali: appointment.newspaperDate },
        newspaperNumber: appointment.newspaperNumber,
      },
    });
    expect(dataOf(await h.gql<{ job: JobData }>(JOB, { id })).job).toEqual(final);
    const polls = h.upstreamCalls('kybGazetteSignatureVerificationResultGet');
    expect(polls.length).toBeGreaterThan(0);
    expect(new Set(polls.map((call) => call.query['requestId'])).size).toBe(1);
  });

  it('answers NOT_VERIFIED for a board member without signing rights', async () => {
    const done = await finalState(await start(active.nationalId, silentMember.nationalId));
    expect(done.status).toBe('SUCCESS');
    expect(done.verification).toMatchObject({
      verdict: 'NOT_VERIFIED',
      signatureKind: null,
      position: silentMember.title,
    });
  });

  it('answers NOT_VERIFIED for someone not on the board', async () => {
    expect(board.some((seat) => seat.nationalId === samples.nationalId)).toBe(false);
    const done = await finalState(await start(active.nationalId, samples.nationalId));
    expect(done.verification).toMatchObject({ verdict: 'NOT_VERIFIED', signatureKind: null, position: null });
  });

  it('fails with the upstream code for a dissolved company', async () => {
    const done = await finalState(await start(dissolved.nationalId, ceo.nationalId));
    expect(done).toMatchObject({
      status: 'FAILED',
      failure: { code: '40422', message: 'company is not active' },
      verification: null,
    });
  });

  it('rides out a transient fault on a poll: the job still reaches its verdict', async () => {
    h.sandbox.injectFault({ operationId: 'kybGazetteSignatureVerificationResultGet', status: 503, times: 2 });
    const done = await finalState(await start(active.nationalId, ceo.nationalId));
    expect(done).toMatchObject({ status: 'SUCCESS', verification: { verdict: 'VERIFIED' } });
    const statuses = h.upstreamCalls('kybGazetteSignatureVerificationResultGet').map((call) => call.status);
    expect(statuses.filter((status) => status === 503)).toHaveLength(2);
  });

  it('does not resend a submission the upstream failed, and starts no job', async () => {
    h.sandbox.injectFault({ operationId: 'kybGazetteSignatureVerificationSubmitPost', status: 503 });
    const res = await h.gql(START, { input: { companyId: active.nationalId, nationalId: ceo.nationalId } });
    // The mutation field alone is null: a mutation's failure never nulls the rest of `data`.
    expect(res.data).toEqual({ startGazetteSignatureVerification: null });
    expect(firstError(res).extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(h.upstreamCalls('kybGazetteSignatureVerificationSubmitPost')).toHaveLength(1);
    expect(h.upstreamCalls('kybGazetteSignatureVerificationResultGet')).toHaveLength(0);
  });

  it.each([
    [
      'a legal id failing its check digit',
      { companyId: INVALID_LEGAL_ID, nationalId: samples.nationalId },
      'input.companyId',
    ],
    ['a ten-digit company id', { companyId: samples.nationalId, nationalId: samples.nationalId }, 'input.companyId'],
    [
      'a national id failing its check digit',
      { companyId: active.nationalId, nationalId: '1234567890' },
      'input.nationalId',
    ],
    ['a national id of letters', { companyId: active.nationalId, nationalId: 'abc' }, 'input.nationalId'],
  ])('refuses %s with no upstream call', async (_, input, argumentPath) => {
    const res = await h.gql(START, { input });
    // The mutation field alone is null: a mutation's failure never nulls the rest of `data`.
    expect(res.data).toEqual({ startGazetteSignatureVerification: null });
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});
