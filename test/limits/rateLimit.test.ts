/** The per-caller rate limit over HTTP and graphql-ws, and who counts as a caller. */
import { createClient } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { limitsHit } from '../../src/observability/metrics.js';
import { PEOPLE, smsConsent, withHandle } from '../consent/support.js';
import { startHarness, type Harness } from '../helpers/harness.js';
import { at } from '../helpers/responses.js';

const SECRET = 'router-secret-of-the-tests';
const BURST = 3;
/** So slow a refill that no allowance comes back during a test. */
const LIMITS = { RATE_LIMIT_PER_SECOND: '0.001', RATE_LIMIT_BURST: String(BURST) };
const QUERY = '{ __typename }';

const harnesses: Harness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
});

async function harness(env: Record<string, string> = {}): Promise<Harness> {
  const started = await startHarness({ env: { ...LIMITS, ...env } });
  harnesses.push(started);
  return started;
}

const fromRouter = (clientName?: string) => ({
  'router-authorization': SECRET,
  ...(clientName && { 'apollographql-client-name': clientName }),
});

/** Status, Retry-After and the first error of `count` operations in a row. */
async function send(h: Harness, count: number, headers: Record<string, string> = {}, query = QUERY) {
  const answers = [];
  for (let i = 0; i < count; i += 1) {
    const res = await fetch(h.server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });
    const body = (await res.json()) as { errors?: Array<{ extensions?: Record<string, unknown> }> };
    answers.push({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      error: body.errors?.[0]?.extensions,
    });
  }
  return answers;
}

const rateHits = async () =>
  (await limitsHit.get()).values.find((value) => value.labels['limit'] === 'rate')?.value ?? 0;

describe('the rate limit', () => {
  it('refuses the operation past the burst with RATE_LIMITED, HTTP 429 and Retry-After; another client is unaffected', async () => {
    const h = await harness({ ROUTER_SECRET: SECRET });
    const hitsBefore = await rateHits();
    const answers = await send(h, BURST + 1, fromRouter('web'));
    expect(answers.slice(0, BURST).map((answer) => answer.status)).toEqual([200, 200, 200]);
    const refused = at(answers, BURST);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(refused.error).toMatchObject({ code: 'RATE_LIMITED', retryAfter: Number(refused.retryAfter) });
    expect(refused.error).not.toHaveProperty('http');
    expect(await rateHits()).toBe(hitsBefore + 1);

    expect(at(await send(h, 1, fromRouter('mobile')), 0).status).toBe(200);
    // The router reading the schema is never refused.
    const schema = await send(h, 1, fromRouter('web'), '{ _service { sdl } }');
    expect(at(schema, 0).status).toBe(200);
    expect(at(await send(h, 1, fromRouter('web'), '{ _service { sdl } __typename }'), 0).status).toBe(200);
    expect(
      at(await send(h, 1, fromRouter('web'), '{ _service { sdl } __schema { queryType { name } } }'), 0).status,
    ).toBe(429);
  });

  it('ignores the client name without a router secret: one address is one caller', async () => {
    const h = await harness();
    const answers = [
      ...(await send(h, 2, { 'apollographql-client-name': 'a' })),
      ...(await send(h, 2, { 'apollographql-client-name': 'b' })),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    // Nor does a router-less request get the schema query for free.
    expect(at(await send(h, 1, {}, '{ _service { sdl } }'), 0).status).toBe(429);
  });

  it('counts documents that fail validation, so a flood of them drains the allowance', async () => {
    const h = await harness();
    const answers = await send(h, BURST, {}, '{ noSuchField }');
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400]);
    expect((await send(h, 1))[0]).toMatchObject({ status: 429, error: { code: 'RATE_LIMITED' } });
  });

  it('gives a live consent its own allowance, but not an invented handle', async () => {
    const h = await harness({ RATE_LIMIT_BURST: '10' });
    // Two operations from the address: start and complete.
    const handle = await smsConsent(h.gql, PEOPLE.ali);
    expect((await send(h, 8, withHandle('invented-handle-0123456789'))).map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200,
    ]);
    expect(at(await send(h, 1), 0).status).toBe(429);
    expect(at(await send(h, 1, withHandle('another-invented-handle')), 0).status).toBe(429);
    expect(at(await send(h, 1, withHandle(handle)), 0).status).toBe(200);
  });

  it('limits operations over graphql-ws too', async () => {
    const h = await harness();
    const client = createClient({
      url: h.server.url.replace('http', 'ws'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    try {
      const results: unknown[] = [];
      for (let i = 0; i < BURST + 1; i += 1) {
        results.push(
          await new Promise((resolve) => {
            client.subscribe(
              { query: QUERY },
              { next: (value) => resolve(value.data), error: (error) => resolve(error), complete: () => undefined },
            );
          }),
        );
      }
      expect(results.slice(0, BURST)).toEqual([
        { __typename: 'Query' },
        { __typename: 'Query' },
        { __typename: 'Query' },
      ]);
      expect(results[BURST]).toEqual([
        expect.objectContaining({
          extensions: expect.objectContaining({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) }),
        }),
      ]);
    } finally {
      await client.dispose();
    }
  });
});
