/** Fault control over HTTP (the admin path), and the fault kinds it serves: probabilistic, Retry-After, malformed, latency. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../sandbox/faults.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { SAMPLES, callOperation, issueToken } from './support.js';
import { present } from '../helpers/responses.js';

let plain: Sandbox;
let admin: Sandbox;
let token: string;

beforeAll(async () => {
  [plain, admin] = await Promise.all([startSandbox({ port: 0 }), startSandbox({ port: 0, admin: true, faultSeed: 7 })]);
  token = (await issueToken(admin)).value;
});

afterEach(() => {
  admin.clearFaults();
  admin.clearCalls();
});

afterAll(async () => {
  await Promise.all([plain.close(), admin.close()]);
});

const water = (sandbox: Sandbox = admin) =>
  callOperation(sandbox, 'billingInquiryCcGet', { token, query: { type: 'Water', parameter: SAMPLES.water[0] } });

async function post(sandbox: Sandbox, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: res.status === 204 ? null : await res.json() };
}

describe('the admin path', () => {
  it('is not served unless enabled: 404 like any unknown path, and nothing is injected', async () => {
    const res = await post(plain, '/__sandbox/faults', { operationId: 'billingInquiryCcGet', status: 503 });
    expect(res.status).toBe(404);
    expect((await fetch(`${plain.url}/__sandbox/faults`)).status).toBe(404);
    expect(plain.faults()).toEqual([]);
  });

  it('takes a fault rule over HTTP; the next inquiry fails accordingly', async () => {
    const res = await post(admin, '/__sandbox/faults', {
      operationId: 'billingInquiryCcGet',
      status: 503,
      retryAfter: 2,
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      faults: [{ rule: { operationId: 'billingInquiryCcGet', status: 503, retryAfter: 2 }, remaining: 1 }],
    });
    const failed = await water();
    expect(failed.status).toBe(503);
    expect((await water()).status).toBe(200);
  });

  it('lists rules with their uses left, accepts an array and "Infinity", and forgets them on DELETE', async () => {
    await post(admin, '/__sandbox/faults', [
      { operationId: 'billingInquiryCcGet', reset: true, times: 'Infinity' },
      { status: 500, probability: 0.5 },
    ]);
    const listed = (await (await fetch(`${admin.url}/__sandbox/faults`)).json()) as {
      faults: Array<{ remaining: unknown }>;
    };
    expect(listed.faults.map((fault) => fault.remaining)).toEqual(['Infinity', 'Infinity']);
    expect((await fetch(`${admin.url}/__sandbox/faults`, { method: 'DELETE' })).status).toBe(204);
    expect(admin.faults()).toEqual([]);
    expect((await water()).status).toBe(200);
  });

  it('refuses a malformed rule with 400 and injects nothing', async () => {
    for (const bad of [{ status: 42 }, { probability: 2 }, { reset: 'yes' }, { unknownField: true }]) {
      expect((await post(admin, '/__sandbox/faults', bad)).status).toBe(400);
    }
    expect(admin.faults()).toEqual([]);
  });

  it('sets latency for one operation or all over HTTP, and removes it on DELETE', async () => {
    const res = await post(admin, '/__sandbox/latency', { operationId: 'billingInquiryCcGet', ms: 300 });
    expect(res).toEqual({ status: 200, json: { latency: [{ operationId: 'billingInquiryCcGet', ms: 300 }] } });
    const started = performance.now();
    expect((await water()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect((await fetch(`${admin.url}/__sandbox/latency`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await fetch(`${admin.url}/__sandbox/latency`)).json()).toEqual({ latency: [] });
  });

  it('counts the calls received by operation, and forgets them with their trackIds on DELETE', async () => {
    const trackId = '0b7e4c1e-5d2a-4f7e-9c1a-3e2f1d0c9b8a';
    const tracked = () =>
      callOperation(admin, 'billingInquiryCcGet', {
        token,
        query: { type: 'Water', parameter: SAMPLES.water[0], trackId },
      });
    expect((await tracked()).status).toBe(200);
    await water();
    await issueToken(admin);
    const counted = await fetch(`${admin.url}/__sandbox/calls`);
    expect(await counted.json()).toEqual({ counts: { billingInquiryCcGet: 2, token: 1 }, total: 3 });
    expect((await tracked()).status).toBe(400);
    expect((await fetch(`${admin.url}/__sandbox/calls`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await fetch(`${admin.url}/__sandbox/calls`)).json()).toEqual({ counts: {}, total: 0 });
    expect(admin.calls()).toEqual([]);
    // The trackId was forgotten with its call: it is new again.
    expect((await tracked()).status).toBe(200);
  });

  it('is never recorded as an upstream call', async () => {
    await post(admin, '/__sandbox/faults', { status: 500 });
    await fetch(`${admin.url}/__sandbox/faults`);
    expect(admin.calls()).toEqual([]);
  });
});

describe('the embedded sandbox of the subgraph', () => {
  it('serves the admin path only with SANDBOX_ADMIN=true', async () => {
    const base = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
    const off = await startServer(loadConfig(base));
    const on = await startServer(loadConfig({ ...base, SANDBOX_ADMIN: 'true' }));
    try {
      expect(
        (await fetch(`${present(off.services.sandbox, 'off.services.sandbox').url}/__sandbox/faults`)).status,
      ).toBe(404);
      expect((await fetch(`${present(on.services.sandbox, 'on.services.sandbox').url}/__sandbox/faults`)).status).toBe(
        200,
      );
    } finally {
      await Promise.all([off.stop(), on.stop()]);
    }
  });
});

describe('fault kinds', () => {
  it('answers a malformed body: 200 by default, or the status given', async () => {
    admin.injectFault({ operationId: 'billingInquiryCcGet', malformed: true });
    admin.injectFault({ operationId: 'billingInquiryCcGet', malformed: true, status: 502 });
    const url = `${admin.url}/billing/v2/clients/sandbox-client/billingInquiry?type=Water&parameter=${SAMPLES.water[0]}`;
    for (const status of [200, 502]) {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(status);
      await expect(res.json()).rejects.toThrow(SyntaxError);
    }
    expect((await water()).status).toBe(200);
  });

  it('sends Retry-After with an injected status', async () => {
    admin.injectFault({ operationId: 'billingInquiryCcGet', status: 429, retryAfter: 'Wed, 25 Nov 2026 10:00:00 GMT' });
    const res = await fetch(
      `${admin.url}/billing/v2/clients/sandbox-client/billingInquiry?type=Water&parameter=${SAMPLES.water[0]}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('Wed, 25 Nov 2026 10:00:00 GMT');
    expect(await res.json()).toMatchObject({ status: 'FAILED', error: { code: 'RATE_LIMITED' } });
  });

  it('applies a probabilistic rule to about its share of calls, and as often as the seed says', async () => {
    admin.injectFault({ operationId: 'billingInquiryCcGet', status: 503, probability: 0.3 });
    const statuses: number[] = [];
    for (let i = 0; i < 200; i += 1) statuses.push((await water()).status);
    const failed = statuses.filter((status) => status === 503).length;
    expect(failed).toBeGreaterThan(30);
    expect(failed).toBeLessThan(90);
    // A probabilistic rule is not used up by default.
    expect(admin.faults()[0]?.remaining).toBe(Infinity);
  });

  it('draws the same sequence from the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(new Set(first).size).toBe(5);
  });

  it('adds latency to every call when no operation is named', async () => {
    admin.setLatency({ ms: 200 });
    const started = performance.now();
    await water();
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });
});
