/** UpstreamClient against the sandbox (and a few tiny servers of our own) over real HTTP. */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamClient } from '../../src/datasources/upstream/client.js';
import type { HttpRequest, HttpTransport } from '../../src/datasources/upstream/http.js';
import { ErrorCode, type UpstreamError } from '../../src/errors.js';
import type { Sandbox } from '../fixtures/sandbox.js';
import { eventually } from '../helpers/eventually.js';
import {
  UUID,
  WATER_BILL,
  newBroker,
  newClient,
  silentLogger,
  startTinyServer,
  upstreamErrorOf,
  type RecordingTransport,
  type TinyServer,
  useSandboxAndTransport,
} from './support.js';

let sandbox: Sandbox;
let http: RecordingTransport;
const servers: TinyServer[] = [];
useSandboxAndTransport((started, transport) => {
  sandbox = started;
  http = transport;
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function setup(options: { timeoutMs?: number; maxConcurrency?: number; baseUrl?: string } = {}): UpstreamClient {
  return newClient(sandbox, http, { tokens: newBroker(sandbox, http), ...options });
}

const waterQuery = { type: 'Water', parameter: WATER_BILL };
const billingCalls = () => sandbox.calls('billingInquiryCcGet');

async function tinyServer(answer: (res: ServerResponse, url: string) => void): Promise<TinyServer> {
  const server = await startTinyServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res, req.url ?? ''));
  });
  servers.push(server);
  return server;
}

describe('requests', () => {
  it('calls the catalog path with a fresh UUID trackId per call and leaves out undefined and null query values', async () => {
    const client = setup();
    const first = await client.call('billingInquiryCcGet', {
      query: { ...waterQuery, secondParameter: undefined, extra: null },
    });
    const second = await client.call('billingInquiryCcGet', { query: waterQuery });

    const calls = billingCalls();
    expect(calls).toHaveLength(2);
    expect(calls.map((call) => [call.method, call.path, call.status])).toEqual([
      ['GET', '/billing/v2/clients/sandbox-client/billingInquiry', 200],
      ['GET', '/billing/v2/clients/sandbox-client/billingInquiry', 200],
    ]);
    expect(calls[0]?.query).toEqual({ trackId: calls[0]?.trackId, type: 'Water', parameter: WATER_BILL });
    expect(calls[0]?.trackId).toMatch(UUID);
    expect(calls[1]?.trackId).toMatch(UUID);
    expect(calls[1]?.trackId).not.toBe(calls[0]?.trackId);
    expect(first.trackId).toBe(calls[0]?.trackId);
    expect(second.trackId).toBe(calls[1]?.trackId);

    const sent = http.exchanges.filter((exchange) => exchange.request.url.includes('/billing/'));
    expect(sent[0]?.request.url).toBe(
      `${sandbox.url}/billing/v2/clients/sandbox-client/billingInquiry?trackId=${calls[0]?.trackId}&type=Water&parameter=${WATER_BILL}`,
    );
    expect(sent[0]?.request.method).toBe('GET');
    expect(sent[0]?.request.body).toBeUndefined();
    expect(sent[0]?.request.timeoutMs).toBe(2_000);
  });

  it('presents a Bearer token whose scopes include the operation scope', async () => {
    const client = setup();
    const answer = await client.call('billingInquiryCcGet', { query: waterQuery });

    const [call] = billingCalls();
    expect(call?.scopes).toEqual(['billing:cc-inquiry:get']);
    const tokenAnswer = JSON.parse(http.exchanges[0]?.response?.text ?? '{}') as { result: { value: string } };
    expect(http.exchanges[1]?.request.headers['authorization']).toBe(`Bearer ${tokenAnswer.result.value}`);
    expect(sandbox.calls('token')[0]?.body).toEqual({
      grant_type: 'client_credentials',
      nid: '0499370899',
      scopes: 'billing:cc-inquiry:get',
    });
    expect(answer.result).toEqual({
      Amount: expect.any(Number),
      BillId: Number(WATER_BILL),
      PayId: expect.any(Number),
      Date: expect.any(String),
    });
  });

  it('sends a POST body as JSON and returns the responseCode', async () => {
    const client = setup();
    const answer = await client.call('billingInquiryRequestSubmit', { body: waterQuery });

    const [call] = sandbox.calls('billingInquiryRequestSubmit');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual(waterQuery);
    expect(call?.query).toEqual({ trackId: call?.trackId });
    expect(answer).toEqual({
      result: { requestId: expect.stringMatching(UUID), status: 'PENDING' },
      trackId: call?.trackId,
      responseCode: 'FN-BGFH-20000300000',
    });
    const request = http.exchanges[1]?.request;
    expect(request?.headers['content-type']).toBe('application/json');
  });
});

describe('token rejection', () => {
  it('after revokeAllTokens the call succeeds on a second attempt, with a new trackId and one extra token request', async () => {
    const client = setup();
    await client.call('billingInquiryCcGet', { query: waterQuery });
    sandbox.revokeAllTokens();
    sandbox.clearCalls();

    const answer = await client.call('billingInquiryCcGet', { query: waterQuery });

    const calls = billingCalls();
    expect(calls.map((call) => call.status)).toEqual([401, 200]);
    expect(calls[0]?.trackId).toMatch(UUID);
    expect(calls[1]?.trackId).toMatch(UUID);
    expect(calls[1]?.trackId).not.toBe(calls[0]?.trackId);
    expect(answer.trackId).toBe(calls[1]?.trackId);
    const tokenCalls = sandbox.calls('token');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]?.body).toEqual({
      grant_type: 'client_credentials',
      nid: '0499370899',
      scopes: 'billing:cc-inquiry:get',
    });
  });

  it('reports a chosen trackId’s rejected token as it came, even when renewing the token fails', async () => {
    const client = setup();
    await client.call('billingInquiryCcGet', { query: waterQuery, trackId: 'chosen-5' });
    sandbox.revokeAllTokens();
    sandbox.injectFault({ operationId: 'token', status: 500 });
    const error = await client.call('billingInquiryCcGet', { query: waterQuery, trackId: 'chosen-6' }).then(
      () => null,
      (failure: unknown) => failure as UpstreamError,
    );
    expect(error?.details).toMatchObject({ httpStatus: 401, trackId: 'chosen-6', operationId: 'billingInquiryCcGet' });
    expect(billingCalls().filter((call) => call.trackId === 'chosen-6')).toHaveLength(1);
  });

  it('sends a chosen trackId once: after a rejected token it renews the token but does not resend under another trackId', async () => {
    const client = setup();
    await client.call('billingInquiryCcGet', { query: waterQuery, trackId: 'chosen-1' });
    expect(billingCalls().map((call) => call.trackId)).toEqual(['chosen-1']);
    sandbox.revokeAllTokens();
    sandbox.clearCalls();
    const error = await client.call('billingInquiryCcGet', { query: waterQuery, trackId: 'chosen-2' }).then(
      () => null,
      (failure: unknown) => failure as UpstreamError,
    );
    expect(error?.details).toMatchObject({ httpStatus: 401, trackId: 'chosen-2' });
    expect(billingCalls().map((call) => [call.trackId, call.status])).toEqual([['chosen-2', 401]]);
    // The renewed token serves the next call.
    expect(sandbox.calls('token')).toHaveLength(1);
    await client.call('billingInquiryCcGet', { query: waterQuery, trackId: 'chosen-3' });
    expect(billingCalls().map((call) => [call.trackId, call.status])).toEqual([
      ['chosen-2', 401],
      ['chosen-3', 200],
    ]);
  });

  it('refuses a chosen trackId longer than 38 characters or not of letters, digits and hyphens, before sending anything', async () => {
    const client = setup();
    await expect(client.call('billingInquiryCcGet', { query: waterQuery, trackId: 'x'.repeat(39) })).rejects.toThrow(
      /unusable trackId/,
    );
    await expect(client.call('billingInquiryCcGet', { query: waterQuery, trackId: 'a b' })).rejects.toThrow(
      /unusable trackId/,
    );
    expect(billingCalls()).toEqual([]);
  });

  it('a persistent 401 is UPSTREAM_REJECTED with httpStatus 401 after exactly one renewal', async () => {
    const client = setup();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 401, times: 2 });

    const error = await upstreamErrorOf(client.call('billingInquiryCcGet', { query: waterQuery }));

    expect(error.details.code).toBe(ErrorCode.UpstreamRejected);
    expect(error.details.httpStatus).toBe(401);
    expect(error.details.upstreamCode).toBe('UNAUTHORIZED');
    const calls = billingCalls();
    expect(calls.map((call) => call.status)).toEqual([401, 401]);
    expect(error.details.trackId).toBe(calls[1]?.trackId);
    expect(sandbox.calls('token')).toHaveLength(2);
  });
});

describe('error mapping', () => {
  it('a 400 is UPSTREAM_REJECTED with the upstream code and trackId, and never the upstream message', async () => {
    const client = setup();
    const error = await upstreamErrorOf(
      client.call('billingInquiryCcGet', { query: { type: 'Water', parameter: '12' } }),
    );

    const calls = billingCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.status).toBe(400);
    const wire = JSON.parse(http.exchanges[1]?.response?.text ?? '{}') as {
      trackId: string;
      error: { message: string };
    };
    expect(wire.error.message).toBe('Wrong Parameter');

    expect(error.details.code).toBe(ErrorCode.UpstreamRejected);
    expect(error.details.httpStatus).toBe(400);
    expect(error.details.upstreamCode).toBe('VALIDATION_ERROR');
    expect(error.details.trackId).toBe(wire.trackId);
    expect(error.details.trackId).toBe(calls[0]?.trackId);
    expect(error.details.operationId).toBe('billingInquiryCcGet');
    expect(error.message).not.toContain(wire.error.message);
    expect(JSON.stringify(error.extensions)).not.toContain(wire.error.message);
    expect(error.extensions['code']).toBe('UPSTREAM_REJECTED');
  });

  it.each([
    [500, ErrorCode.UpstreamUnavailable],
    [502, ErrorCode.UpstreamUnavailable],
    [503, ErrorCode.UpstreamUnavailable],
    [429, ErrorCode.RateLimited],
    [404, ErrorCode.NotFound],
  ])('HTTP %i is %s', async (status, code) => {
    const client = setup();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status });
    const error = await upstreamErrorOf(client.call('billingInquiryCcGet', { query: waterQuery }));

    expect(error.details.code).toBe(code);
    expect(error.details.httpStatus).toBe(status);
    expect(error.details.outcomeUnknown).toBeUndefined();
    expect(billingCalls()).toHaveLength(1);
  });

  it('HTTP 408 to a call that is not retrySafe is UPSTREAM_TIMEOUT with outcomeUnknown', async () => {
    const client = setup();
    sandbox.injectFault({ operationId: 'billingInquiryRequestSubmit', status: 408 });
    const error = await upstreamErrorOf(client.call('billingInquiryRequestSubmit', { body: waterQuery }));

    expect(error.details.code).toBe(ErrorCode.UpstreamTimeout);
    expect(error.details.httpStatus).toBe(408);
    expect(error.details.outcomeUnknown).toBe(true);
    expect(error.extensions['outcomeUnknown']).toBe(true);
    expect(sandbox.calls('billingInquiryRequestSubmit')).toHaveLength(1);
  });

  it('HTTP 408 to a retrySafe GET is UPSTREAM_TIMEOUT, sent once', async () => {
    const client = setup();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 408 });
    const error = await upstreamErrorOf(client.call('billingInquiryCcGet', { query: waterQuery }));

    expect(error.details.code).toBe(ErrorCode.UpstreamTimeout);
    expect(error.details.httpStatus).toBe(408);
    expect(error.details.outcomeUnknown).toBeUndefined();
    expect(billingCalls()).toHaveLength(1);
  });

  it('no answer within timeoutMs: UPSTREAM_TIMEOUT, outcome known for a GET', async () => {
    const client = setup({ timeoutMs: 150 });
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', delayMs: 1_000 });
    const error = await upstreamErrorOf(client.call('billingInquiryCcGet', { query: waterQuery }));

    // The sandbox would have answered after a second: a timeout here is the client's own.
    expect(error.details.code).toBe(ErrorCode.UpstreamTimeout);
    expect(error.details.httpStatus).toBeUndefined();
    expect(error.details.outcomeUnknown).toBeUndefined();
    expect(error.extensions['outcomeUnknown']).toBeUndefined();
    expect(error.details.trackId).toBe(billingCalls()[0]?.trackId);
  });

  it('no answer within timeoutMs to a POST that is not retrySafe: UPSTREAM_TIMEOUT with outcomeUnknown', async () => {
    const client = setup({ timeoutMs: 150 });
    sandbox.injectFault({ operationId: 'billingInquiryRequestSubmit', delayMs: 1_000 });
    const error = await upstreamErrorOf(client.call('billingInquiryRequestSubmit', { body: waterQuery }));

    expect(error.details.code).toBe(ErrorCode.UpstreamTimeout);
    expect(error.details.outcomeUnknown).toBe(true);
    expect(error.extensions['outcomeUnknown']).toBe(true);
    // Handed to a connection before the timeout: it arrives, however late, and only once.
    await eventually(() => sandbox.calls('billingInquiryRequestSubmit').length === 1, { what: 'the POST to arrive' });
  });

  it('a timed-out retrySafe POST (the status poll) leaves the outcome known', async () => {
    const client = setup({ timeoutMs: 150 });
    sandbox.injectFault({ operationId: 'billingInquiryStatusPoll', delayMs: 1_000 });
    const error = await upstreamErrorOf(client.call('billingInquiryStatusPoll', { body: { requestId: 'x' } }));

    expect(error.details.code).toBe(ErrorCode.UpstreamTimeout);
    expect(error.details.outcomeUnknown).toBeUndefined();
  });

  it('a connection reset is UPSTREAM_UNAVAILABLE (outcome unknown only for a non-retrySafe POST)', async () => {
    const client = setup();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', reset: true });
    const getError = await upstreamErrorOf(client.call('billingInquiryCcGet', { query: waterQuery }));
    expect(getError.details.code).toBe(ErrorCode.UpstreamUnavailable);
    expect(getError.details.httpStatus).toBeUndefined();
    expect(getError.details.outcomeUnknown).toBeUndefined();
    expect(billingCalls()).toHaveLength(1);

    sandbox.injectFault({ operationId: 'billingInquiryRequestSubmit', reset: true });
    const postError = await upstreamErrorOf(client.call('billingInquiryRequestSubmit', { body: waterQuery }));
    expect(postError.details.code).toBe(ErrorCode.UpstreamUnavailable);
    expect(postError.details.outcomeUnknown).toBe(true);
  });
});

describe('answers from a server of our own', () => {
  it('an answer that is not JSON is UPSTREAM_UNAVAILABLE', async () => {
    const server = await tinyServer((res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>gateway says hello</html>');
    });
    const client = setup({ baseUrl: server.url });
    const error = await upstreamErrorOf(client.call('billingInquiryCcGet', { query: waterQuery }));

    expect(error.details.code).toBe(ErrorCode.UpstreamUnavailable);
    expect(error.details.trackId).toMatch(UUID);
    expect(error.message).not.toContain('gateway');
  });

  it('a 200 envelope that is not DONE is UPSTREAM_UNAVAILABLE', async () => {
    const server = await tinyServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"trackId":"t-1","status":"PROCESSING","result":{}}');
    });
    const client = setup({ baseUrl: server.url });
    const error = await upstreamErrorOf(client.call('billingInquiryCcGet', { query: waterQuery }));

    expect(error.details.code).toBe(ErrorCode.UpstreamUnavailable);
    expect(error.details.trackId).toBe('t-1');
  });

  it('an integer beyond 2^53 in the result keeps its exact digits', async () => {
    const server = await tinyServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        '{"trackId":"t-big","status":"DONE","result":{"Amount":123456789012345678901,"Card":6037991234567890,"Small":42}}',
      );
    });
    const client = setup({ baseUrl: server.url });
    const answer = await client.call('billingInquiryCcGet', { query: waterQuery });

    expect(answer).toEqual({
      result: { Amount: '123456789012345678901', Card: 6037991234567890, Small: 42 },
      trackId: 't-big',
    });
  });

  it('prefers the trackId of the failure answer over the one sent', async () => {
    const server = await tinyServer((res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        '{"trackId":"upstream-own","status":"FAILED","error":{"code":"VALIDATION_ERROR","message":"secret person data"}}',
      );
    });
    const client = setup({ baseUrl: server.url });
    const error = await upstreamErrorOf(client.call('billingInquiryCcGet', { query: waterQuery }));

    expect(error.details).toEqual({
      code: ErrorCode.UpstreamRejected,
      message: 'The upstream rejected the request (VALIDATION_ERROR).',
      operationId: 'billingInquiryCcGet',
      httpStatus: 400,
      upstreamCode: 'VALIDATION_ERROR',
      trackId: 'upstream-own',
      upstreamMessage: 'secret person data',
    });
    // The upstream's message is for datasources only: never in the error's extensions or serialisation.
    expect(JSON.stringify(error.extensions)).not.toContain('secret person data');
    expect(JSON.stringify(error)).not.toContain('secret person data');
    expect(JSON.stringify({ ...error })).not.toContain('secret person data');
  });

  it('never has more than maxConcurrency calls in flight across the process', async () => {
    let inFlight = 0;
    let peak = 0;
    const server = await tinyServer((res) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"status":"DONE","result":{"ok":true}}');
      }, 100);
    });
    const client = setup({ baseUrl: server.url, maxConcurrency: 3 });
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => client.call('billingInquiryCcGet', { query: waterQuery })),
    );

    expect(peak).toBe(3);
    expect(answers.map((answer) => answer.result)).toEqual(Array.from({ length: 12 }, () => ({ ok: true })));
    expect(new Set(answers.map((answer) => answer.trackId)).size).toBe(12);
    // Four waves of three.
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });
});

describe('path parameters (fake transport)', () => {
  function fakeTransport(seen: HttpRequest[]): HttpTransport {
    return {
      async send(request) {
        seen.push(request);
        return { status: 200, text: '{"status":"DONE","result":{}}' };
      },
      close: async () => {},
    };
  }

  it('fills and encodes path parameters, and refuses a call with one missing before sending anything', async () => {
    const seen: HttpRequest[] = [];
    const client = new UpstreamClient({
      http: fakeTransport(seen),
      tokens: newBroker(sandbox, http),
      baseUrl: 'http://upstream.test',
      clientId: 'my client',
      timeoutMs: 1_000,
      maxConcurrency: 2,
      logger: silentLogger,
    });
    await client.call('oakCcStatementGet', { path: { deposit: '12/34' }, query: { fromDate: '14020101' } });
    expect(seen[0]?.url).toMatch(
      /^http:\/\/upstream\.test\/oak\/v2\/clients\/my%20client\/deposits\/12%2F34\/cc\/statement\?trackId=[0-9a-f-]{36}&fromDate=14020101$/,
    );

    await expect(client.call('oakCcStatementGet', {})).rejects.toThrow(
      'Missing path parameter deposit for oakCcStatementGet',
    );
    expect(seen).toHaveLength(1);
  });
});
