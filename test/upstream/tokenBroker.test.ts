/** TokenBroker against a real sandbox over HTTP. */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors.js';
import type { Sandbox } from '../fixtures/sandbox.js';
import { jsonBody, newBroker, upstreamErrorOf, type RecordingTransport, useSandboxAndTransport } from './support.js';
import { at } from '../helpers/responses.js';

const INQUIRY = 'billing:cc-inquiry:get';
const NEGATIVE = 'billing:cc-negative-score:get';
const HISTORY = 'billing:bill-history-inquiry:get';
const TEN_DAYS = 864_000_000;

let sandbox: Sandbox;
let http: RecordingTransport;
useSandboxAndTransport((started, transport) => {
  sandbox = started;
  http = transport;
});

/** The `result` of a token answer seen by the transport. */
function issued(index: number): { value: string; refreshToken: string } {
  const text = http.exchanges[index]?.response?.text;
  if (text === undefined) throw new Error(`no answer for exchange ${index}`);
  const body = JSON.parse(text) as { result: { value: string; refreshToken: string } };
  return body.result;
}

describe('single flight and cache', () => {
  it('100 concurrent callers cause exactly one token request and all get its value', async () => {
    const broker = newBroker(sandbox, http);
    const values = await Promise.all(Array.from({ length: 100 }, () => broker.getToken([INQUIRY])));

    const calls = sandbox.calls('token');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.status).toBe(200);
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toBe(issued(0).value);
  });

  it('serves a second call from the cache without a new request', async () => {
    const broker = newBroker(sandbox, http);
    const first = await broker.getToken([INQUIRY]);
    const second = await broker.getToken([INQUIRY]);

    expect(second).toBe(first);
    expect(sandbox.calls('token')).toHaveLength(1);
  });

  it('keeps one token per scope set; the same set in another order (or repeated) shares it', async () => {
    const broker = newBroker(sandbox, http);
    const one = await broker.getToken([INQUIRY]);
    const pairAB = await broker.getToken([NEGATIVE, INQUIRY]);
    const pairBA = await broker.getToken([INQUIRY, NEGATIVE]);
    const pairRepeated = await broker.getToken([INQUIRY, NEGATIVE, INQUIRY]);
    const other = await broker.getToken([HISTORY]);

    expect(pairBA).toBe(pairAB);
    expect(pairRepeated).toBe(pairAB);
    expect(new Set([one, pairAB, other]).size).toBe(3);
    expect(sandbox.calls('token').map((call) => call.body)).toEqual([
      { grant_type: 'client_credentials', nid: sandbox.options.clientNid, scopes: INQUIRY },
      { grant_type: 'client_credentials', nid: sandbox.options.clientNid, scopes: `${INQUIRY},${NEGATIVE}` },
      { grant_type: 'client_credentials', nid: sandbox.options.clientNid, scopes: HISTORY },
    ]);
  });
});

describe('the client-credentials request', () => {
  it('posts {grant_type, nid, scopes} with sorted, comma-joined scopes and Basic client credentials', async () => {
    const broker = newBroker(sandbox, http);
    await broker.getToken([NEGATIVE, INQUIRY]);

    const [call] = sandbox.calls('token');
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/dev/v2/oauth2/token');
    expect(call?.body).toEqual({
      grant_type: 'client_credentials',
      nid: '0499370899',
      scopes: `${INQUIRY},${NEGATIVE}`,
    });

    // The sandbox does not record headers; the transport does.
    const request = http.exchanges[0]?.request;
    expect(request?.url).toBe(`${sandbox.url}/dev/v2/oauth2/token`);
    expect(request?.headers['authorization']).toBe(
      `Basic ${Buffer.from('sandbox-client:sandbox-secret').toString('base64')}`,
    );
    expect(request?.headers['authorization']).toBe('Basic c2FuZGJveC1jbGllbnQ6c2FuZGJveC1zZWNyZXQ=');
    expect(request?.headers['content-type']).toBe('application/json');
  });

  it('a wrong client secret is refused: UPSTREAM_REJECTED with HTTP 401', async () => {
    const broker = newBroker(sandbox, http, { clientSecret: 'not-the-secret' });
    const error = await upstreamErrorOf(broker.getToken([INQUIRY]));

    expect(error.details.code).toBe(ErrorCode.UpstreamRejected);
    expect(error.details.httpStatus).toBe(401);
    expect(error.details.operationId).toBe('token');
    expect(error.extensions['code']).toBe('UPSTREAM_REJECTED');
  });

  it('a wrong nid is refused with the upstream code VALIDATION_ERROR', async () => {
    const broker = newBroker(sandbox, http, { clientNid: '0000000000' });
    const error = await upstreamErrorOf(broker.getToken([INQUIRY]));

    expect(error.details.code).toBe(ErrorCode.UpstreamRejected);
    expect(error.details.httpStatus).toBe(400);
    expect(error.details.upstreamCode).toBe('VALIDATION_ERROR');
  });
});

describe('renewal', () => {
  it('renews a token inside the refresh margin with the refresh grant, and falls back to client_credentials when that fails', async () => {
    let clock = Date.now();
    const broker = newBroker(sandbox, http, { refreshMarginMs: 60_000, clock: { now: () => clock } });

    const first = await broker.getToken([INQUIRY]);
    const firstRefresh = issued(0).refreshToken;

    // Still valid, but inside the margin: renewed by refresh.
    clock += TEN_DAYS - 30_000;
    const second = await broker.getToken([INQUIRY]);
    expect(second).not.toBe(first);
    expect(second).toBe(issued(1).value);
    expect(http.exchanges[1]?.request.headers['authorization']).toBe('Basic c2FuZGJveC1jbGllbnQ6c2FuZGJveC1zZWNyZXQ=');
    expect(sandbox.calls('token')[1]?.body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: firstRefresh,
      token_type: 'CLIENT-CREDENTIAL',
    });
    // The renewed token is cached for its own lifetime.
    expect(await broker.getToken([INQUIRY])).toBe(second);
    expect(sandbox.calls('token')).toHaveLength(2);

    // Inside the margin again; this time the refresh fails once.
    clock += TEN_DAYS - 30_000;
    sandbox.injectFault({ operationId: 'token', status: 500, times: 1 });
    const third = await broker.getToken([INQUIRY]);

    const calls = sandbox.calls('token');
    expect(calls.map((call) => [call.status, (call.body as { grant_type: string }).grant_type])).toEqual([
      [200, 'client_credentials'],
      [200, 'refresh_token'],
      [500, 'refresh_token'],
      [200, 'client_credentials'],
    ]);
    expect(calls[2]?.body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: issued(1).refreshToken,
      token_type: 'CLIENT-CREDENTIAL',
    });
    expect(calls[3]?.body).toEqual({ grant_type: 'client_credentials', nid: '0499370899', scopes: INQUIRY });
    expect(third).toBe(issued(3).value);
    expect(new Set([first, second, third]).size).toBe(3);
  });

  it('an expired token is replaced with client_credentials, not refreshed', async () => {
    let clock = Date.now();
    const broker = newBroker(sandbox, http, { clock: { now: () => clock } });
    await broker.getToken([INQUIRY]);
    clock += TEN_DAYS + 1;
    await broker.getToken([INQUIRY]);

    expect(sandbox.calls('token').map((call) => (call.body as { grant_type: string }).grant_type)).toEqual([
      'client_credentials',
      'client_credentials',
    ]);
  });

  it('replaceRejected: 50 concurrent callers holding the same rejected token share one new token request', async () => {
    const broker = newBroker(sandbox, http);
    const rejected = await broker.getToken([INQUIRY]);
    const replacements = await Promise.all(
      Array.from({ length: 50 }, () => broker.replaceRejected([INQUIRY], rejected)),
    );

    const calls = sandbox.calls('token');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({ grant_type: 'client_credentials', nid: '0499370899', scopes: INQUIRY });
    expect(new Set(replacements).size).toBe(1);
    expect(replacements[0]).not.toBe(rejected);
    expect(replacements[0]).toBe(issued(1).value);
    // A late caller with the old rejected token gets the replacement without another request.
    expect(await broker.replaceRejected([INQUIRY], rejected)).toBe(replacements[0]);
    expect(await broker.getToken([INQUIRY])).toBe(replacements[0]);
    expect(sandbox.calls('token')).toHaveLength(2);
  });

  it('a token endpoint 500 is UPSTREAM_UNAVAILABLE, and the next call asks again', async () => {
    const broker = newBroker(sandbox, http);
    sandbox.injectFault({ operationId: 'token', status: 500, times: 1 });

    const error = await upstreamErrorOf(broker.getToken([INQUIRY]));
    expect(error.details.code).toBe(ErrorCode.UpstreamUnavailable);
    expect(error.details.httpStatus).toBe(500);

    const token = await broker.getToken([INQUIRY]);
    expect(token).toBe(issued(1).value);
    expect(sandbox.calls('token').map((call) => call.status)).toEqual([500, 200]);
    expect(jsonBody(at(http.exchanges, 1).request)).toEqual({
      grant_type: 'client_credentials',
      nid: '0499370899',
      scopes: INQUIRY,
    });
  });

  it('concurrent callers during a failing fetch all get the failure from one request', async () => {
    const broker = newBroker(sandbox, http);
    sandbox.injectFault({ operationId: 'token', status: 503, times: 1 });
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => broker.getToken([INQUIRY])));

    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(sandbox.calls('token')).toHaveLength(1);
  });
});
