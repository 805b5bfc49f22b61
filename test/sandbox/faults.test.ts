import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { eventually } from '../helpers/eventually.js';
import { SAMPLES, basicAuth, callOperation, errorOf, issueToken, requestToken } from './support.js';

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  token = (await issueToken(sandbox)).value;
});

afterEach(() => {
  sandbox.clearFaults();
  sandbox.clearCalls();
});

afterAll(async () => {
  await sandbox.close();
});

const inquire = (options: { token?: string | undefined; signal?: AbortSignal } = { token }) =>
  callOperation(sandbox, 'billingInquiryCcGet', { ...options, query: { type: 'Water', parameter: SAMPLES.water[0] } });
const negativeScore = () =>
  callOperation(sandbox, 'billingNegativeScoreGet', {
    token,
    query: { licenseNumber: '1234567890', nationalID: '0499370899', mobile: '09121234567' },
  });

async function timed<T>(action: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await action();
  return { value, ms: performance.now() - started };
}

describe('status faults', () => {
  it.each([
    [500, 'SERVICE_CALL_ERROR'],
    [502, 'SERVICE_CALL_ERROR'],
    [503, 'SERVICE_CALL_ERROR'],
    [401, 'UNAUTHORIZED'],
    [403, 'UNAUTHORIZED'],
    [408, 'TIMEOUT'],
    [429, 'RATE_LIMITED'],
  ])('answers an injected %i with an error envelope coded %s, once by default', async (status, code) => {
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status });
    const faulted = await inquire();
    expect(errorOf(faulted)).toMatchObject({ status, code });
    expect(faulted.body['status']).toBe('FAILED');
    expect(faulted.body['trackId']).toEqual(expect.any(String));
    expect((await inquire()).status).toBe(200);
  });

  it('applies before the token check', async () => {
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 503 });
    expect((await inquire({ token: undefined })).status).toBe(503);
    expect((await inquire({ token: undefined })).status).toBe(401);
  });

  it('only touches the operation it names', async () => {
    sandbox.injectFault({ operationId: 'billingNegativeScoreGet', status: 500 });
    expect((await inquire()).status).toBe(200);
    expect((await negativeScore()).status).toBe(500);
    expect((await negativeScore()).status).toBe(200);
  });

  it('applies to any operation when none is named, including the token endpoint', async () => {
    sandbox.injectFault({ status: 502, times: 2 });
    const tokenResponse = await requestToken(sandbox, {
      grant_type: 'client_credentials',
      nid: '0499370899',
      scopes: 'billing:cc-inquiry:get',
    });
    expect(tokenResponse.status).toBe(502);
    expect((await negativeScore()).status).toBe(502);
    expect((await inquire()).status).toBe(200);
  });

  it("targets the token endpoint as 'token'", async () => {
    sandbox.injectFault({ operationId: 'token', status: 500 });
    expect((await inquire()).status).toBe(200);
    const body = { grant_type: 'client_credentials', nid: '0499370899', scopes: 'billing:cc-inquiry:get' };
    expect((await requestToken(sandbox, body, basicAuth('sandbox-client', 'sandbox-secret'))).status).toBe(500);
    expect((await requestToken(sandbox, body)).status).toBe(200);
  });

  it('applies a rule as many times as it says, and Infinity until cleared', async () => {
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 500, times: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await inquire()).status);
    expect(statuses).toEqual([500, 500, 500, 200]);

    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 503, times: Infinity });
    for (let i = 0; i < 5; i++) expect((await inquire()).status).toBe(503);
    sandbox.clearFaults();
    expect((await inquire()).status).toBe(200);
  });

  it('applies the first matching rule with uses left, in the order added', async () => {
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 500 });
    sandbox.injectFault({ status: 429 });
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 503 });
    expect([
      (await inquire()).status,
      (await inquire()).status,
      (await inquire()).status,
      (await inquire()).status,
    ]).toEqual([500, 429, 503, 200]);
  });

  it('ignores a rule with times 0, and refuses a malformed rule', () => {
    sandbox.injectFault({ status: 500, times: 0 });
    expect(() => sandbox.injectFault({ status: 500, times: -1 })).toThrow(RangeError);
    expect(() => sandbox.injectFault({ status: 42 })).toThrow(RangeError);
    expect(() => sandbox.injectFault({ delayMs: -5 })).toThrow(RangeError);
  });

  it('records faulted calls with the status sent', async () => {
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 503 });
    await inquire();
    expect(sandbox.calls().map((c) => [c.operationId, c.status])).toEqual([['billingInquiryCcGet', 503]]);
  });
});

describe('delay faults', () => {
  it('delays the answer, then answers normally', async () => {
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', delayMs: 200 });
    const { value, ms } = await timed(() => inquire());
    expect(value.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(190);
  });

  it('delays only the calls it applies to: the next is answered while a delayed one still waits', async () => {
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', delayMs: 60_000 });
    const abandon = new AbortController();
    const delayed = inquire({ token, signal: abandon.signal }).catch(() => undefined);
    await eventually(() => sandbox.calls('billingInquiryCcGet').length === 1, { what: 'the delayed call' });
    expect((await inquire()).status).toBe(200);
    expect(sandbox.calls('billingInquiryCcGet').map((call) => call.status)).toEqual([0, 200]);
    abandon.abort();
    await delayed;
  });

  it('delays, then answers the given status', async () => {
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', delayMs: 150, status: 504 });
    const { value, ms } = await timed(() => inquire());
    expect(errorOf(value)).toMatchObject({ status: 504, code: 'SERVICE_CALL_ERROR' });
    expect(ms).toBeGreaterThanOrEqual(140);
  });

  it("outlasts a client's timeout, and the sandbox keeps serving", async () => {
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', delayMs: 1000 });
    await expect(inquire({ token, signal: AbortSignal.timeout(100) })).rejects.toThrow();
    expect((await inquire()).status).toBe(200);
  });
});

describe('held answers', () => {
  it('holds the calls of the operation named, recorded as pending, until let go; then answers as things stand', async () => {
    const release = sandbox.holdAnswers('billingInquiryCcGet');
    const held = [inquire(), inquire()];
    await eventually(() => sandbox.calls('billingInquiryCcGet').length === 2, { what: 'both calls to arrive' });
    expect((await negativeScore()).status).toBe(200);
    expect(sandbox.calls('billingInquiryCcGet').map((call) => call.status)).toEqual([0, 0]);
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 503 });
    release();
    expect((await Promise.all(held)).map((response) => response.status).sort()).toEqual([200, 503]);
    expect((await inquire()).status).toBe(200);
  });

  it('holds every call when no operation is named, the token endpoint included', async () => {
    const release = sandbox.holdAnswers();
    const held = [inquire(), issueToken(sandbox)];
    await eventually(() => sandbox.calls().length === 2, { what: 'both calls to arrive' });
    expect(sandbox.calls().map((call) => call.status)).toEqual([0, 0]);
    release();
    await Promise.all(held);
    expect(sandbox.calls().map((call) => call.status)).toEqual([200, 200]);
  });

  it('lets every held answer go with clearFaults', async () => {
    sandbox.holdAnswers('billingInquiryCcGet');
    const held = inquire();
    await eventually(() => sandbox.calls('billingInquiryCcGet').length === 1, { what: 'the call to arrive' });
    sandbox.clearFaults();
    expect((await held).status).toBe(200);
    expect((await inquire()).status).toBe(200);
  });
});

describe('held arrivals', () => {
  it('keeps a call from arriving, unrecorded, until let go; then handles it as arrived at that moment', async () => {
    const release = sandbox.holdArrivals('billingInquiryCcGet');
    const held = inquire();
    expect((await negativeScore()).status).toBe(200);
    expect(sandbox.calls('billingInquiryCcGet')).toEqual([]);
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 503 });
    release();
    expect((await held).status).toBe(503);
    expect(sandbox.calls('billingInquiryCcGet').map((call) => call.status)).toEqual([503]);
  });

  it('lets every held arrival go with clearFaults', async () => {
    sandbox.holdArrivals();
    const held = inquire();
    sandbox.clearFaults();
    expect((await held).status).toBe(200);
  });
});

describe('reset faults', () => {
  it('drops the connection without an answer, and records status 0', async () => {
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', reset: true });
    await expect(inquire()).rejects.toThrow();
    expect(sandbox.calls('billingInquiryCcGet').map((c) => c.status)).toEqual([0]);
    expect((await inquire()).status).toBe(200);
  });
});

describe('latency and shutdown', () => {
  it('adds latencyMs to every answer, errors and token calls included', async () => {
    const slow = await startSandbox({ latencyMs: 120 });
    try {
      const { ms: tokenMs } = await timed(() => issueToken(slow));
      const { value, ms: notFoundMs } = await timed(() => fetch(`${slow.url}/nowhere`));
      expect(value.status).toBe(404);
      expect(tokenMs).toBeGreaterThanOrEqual(110);
      expect(notFoundMs).toBeGreaterThanOrEqual(110);
      expect(slow.options.latencyMs).toBe(120);
    } finally {
      await slow.close();
    }
  });

  it.each([
    ['a delay fault', (other: Sandbox) => other.injectFault({ delayMs: 60_000 })],
    ['a hold', (other: Sandbox) => void other.holdAnswers()],
  ])('closes without waiting for an answer held back by %s', async (_name, holdBack) => {
    const other = await startSandbox();
    holdBack(other);
    const pending = fetch(`${other.url}/nowhere`);
    await eventually(() => other.calls().length === 1, { what: 'the call to arrive' });
    await other.close();
    await expect(pending).rejects.toThrow();
    await expect(fetch(`${other.url}/nowhere`)).rejects.toThrow();
  });

  it('closes promptly while a client is still sending its request', async () => {
    const other = await startSandbox();
    const { port } = new URL(other.url);
    const socket = connect(Number(port), '127.0.0.1');
    const closedByServer = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // Cut mid-request, the connection may end with a reset.
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // The server answers `100 Continue` once it has read the headers and waits for the body.
    const reading = new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.write(
      'POST /dev/v2/oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    await reading;
    socket.write('{"grant');
    await other.close();
    await closedByServer;
  });
});
