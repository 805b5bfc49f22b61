/** The client's resilience policies against the sandbox over real HTTP: retries, Retry-After, budget, breakers, token renewal. */
import { CANCELLED_MESSAGE } from '../../src/datasources/upstream/errorMapping.js';
import { describe, expect, it } from 'vitest';
import type { ResilienceConfig } from '../../src/config.js';
import type { UpstreamClient } from '../../src/datasources/upstream/client.js';
import { breakerState, upstreamRetries } from '../../src/observability/metrics.js';
import type { Sandbox } from '../fixtures/sandbox.js';
import {
  UUID,
  WATER_BILL,
  newBroker,
  newClient,
  upstreamErrorOf,
  type RecordingTransport,
  useSandboxAndTransport,
} from './support.js';
import { at } from '../helpers/responses.js';
import { eventually } from '../helpers/eventually.js';

/** Small numbers so the whole file runs in a few seconds. */
const FAST: ResilienceConfig = {
  operationBudgetMs: 3_000,
  retryAttempts: 4,
  retryInitialDelayMs: 10,
  retryMaxDelayMs: 40,
  breakerThreshold: 0.5,
  breakerWindowMs: 2_000,
  breakerMinCalls: 6,
  breakerConsecutiveFailures: 1_000,
  breakerHalfOpenMs: 300,
};

let sandbox: Sandbox;
let http: RecordingTransport;
useSandboxAndTransport((started, transport) => {
  sandbox = started;
  http = transport;
});

function setup(resilience: Partial<ResilienceConfig> = {}, timeoutMs = 500): UpstreamClient {
  return newClient(sandbox, http, {
    tokens: newBroker(sandbox, http),
    timeoutMs,
    resilience: { ...FAST, ...resilience },
  });
}

const water = (client: UpstreamClient, signal?: AbortSignal) =>
  client.call('billingInquiryCcGet', { query: { type: 'Water', parameter: WATER_BILL }, ...(signal && { signal }) });
const postal = (client: UpstreamClient, code = '1357913579') =>
  client.call('ecityPostalCodeGet', { query: { postalCode: code } });
const billing = () => sandbox.calls('billingInquiryCcGet');

async function retriesOf(operation: string): Promise<number> {
  const metric = await upstreamRetries.get();
  return metric.values.find((value) => value.labels['operation'] === operation)?.value ?? 0;
}

async function gaugeOf(group: string): Promise<number | undefined> {
  const metric = await breakerState.get();
  return metric.values.find((value) => value.labels['group'] === group)?.value;
}

describe('retries of calls safe to resend', () => {
  it.each([
    ['a 503', { status: 503 }],
    ['a 500', { status: 500 }],
    ['a 429', { status: 429 }],
    ['a cut connection', { reset: true }],
    ['a body that is not JSON', { malformed: true }],
    ['no answer in time', { delayMs: 700 }],
  ])('resends a read after %s, with a new trackId for each attempt', async (_name, fault) => {
    const client = setup();
    const before = await retriesOf('billingInquiryCcGet');
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', times: 2, ...fault });
    const answer = await water(client);
    const calls = billing();
    expect(calls).toHaveLength(3);
    const trackIds = calls.map((call) => call.trackId);
    for (const trackId of trackIds) expect(trackId).toMatch(UUID);
    expect(new Set(trackIds).size).toBe(3);
    expect(answer.trackId).toBe(trackIds[2]);
    expect((await retriesOf('billingInquiryCcGet')) - before).toBe(2);
  });

  it('asks the caller before it hands each attempt over for sending', async () => {
    const client = setup();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', times: 2, status: 503 });
    let handedOver = 0;
    await client.call('billingInquiryCcGet', {
      query: { type: 'Water', parameter: WATER_BILL },
      beforeSend: async () => {
        handedOver += 1;
      },
    });
    expect(handedOver).toBe(billing().length);
    expect(handedOver).toBe(3);
  });

  it('gives the last failure once every attempt failed', async () => {
    const client = setup();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 503, times: Infinity });
    const error = await upstreamErrorOf(water(client));
    expect(error.extensions).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      httpStatus: 503,
      trackId: billing()[3]?.trackId,
    });
    expect(billing()).toHaveLength(FAST.retryAttempts);
  });

  it('does not resend a business refusal (400) or a missing record (404)', async () => {
    const client = setup();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 400 });
    expect((await upstreamErrorOf(water(client))).extensions).toMatchObject({ code: 'UPSTREAM_REJECTED' });
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 404 });
    expect((await upstreamErrorOf(water(client))).extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect(billing()).toHaveLength(2);
  });

  it('never resends a call that is not safe to resend (the asynchronous bill submission)', async () => {
    const client = setup();
    sandbox.injectFault({ operationId: 'billingInquiryRequestSubmit', status: 503, times: Infinity });
    await upstreamErrorOf(
      client.call('billingInquiryRequestSubmit', { body: { type: 'Water', parameter: WATER_BILL } }),
    );
    expect(sandbox.calls('billingInquiryRequestSubmit')).toHaveLength(1);
  });

  it('never resends a call sent with a chosen trackId, even a read', async () => {
    const client = setup();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 503, times: Infinity });
    await upstreamErrorOf(
      client.call('billingInquiryCcGet', { query: { type: 'Water', parameter: WATER_BILL }, trackId: 'chosen-1' }),
    );
    expect(billing().map((call) => call.trackId)).toEqual(['chosen-1']);
  });

  it('is off with one attempt', async () => {
    const client = setup({ retryAttempts: 1 });
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 503 });
    await upstreamErrorOf(water(client));
    expect(billing()).toHaveLength(1);
  });
});

describe('Retry-After', () => {
  it('sends the retry no sooner than the upstream asked', async () => {
    const client = setup();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 503, retryAfter: 1 });
    await water(client);
    const calls = billing();
    expect(at(calls, 1).at - at(calls, 0).at).toBeGreaterThanOrEqual(1_000);
  });

  it('reads an HTTP date as well', async () => {
    const client = setup();
    sandbox.injectFault({
      operationId: 'billingInquiryCcGet',
      status: 429,
      retryAfter: new Date(Date.now() + 2_000).toUTCString(),
    });
    await water(client);
    const calls = billing();
    // An HTTP date has whole seconds: at least one full second later.
    expect(at(calls, 1).at - at(calls, 0).at).toBeGreaterThanOrEqual(1_000);
  });

  it('gives up at once when the wait asked for does not fit in the budget', async () => {
    const client = setup();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 429, retryAfter: 60 });
    const error = await upstreamErrorOf(water(client));
    expect(error.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(billing()).toHaveLength(1);
  });

  it("stops waiting when the caller's signal aborts, and sends nothing more", async () => {
    const client = setup();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 503, retryAfter: 2 });
    const controller = new AbortController();
    const pending = upstreamErrorOf(water(client, controller.signal));
    await eventually(() => billing().length === 1, { what: 'the first attempt' });
    controller.abort();
    const error = await pending;
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(error.message).toBe(CANCELLED_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(billing()).toHaveLength(1);
  });
});

describe('time budget', () => {
  it('ends a call whose attempts keep timing out within its budget', async () => {
    const client = setup({ operationBudgetMs: 400, retryAttempts: 10 }, 150);
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', delayMs: 1_000, times: Infinity });
    const error = await upstreamErrorOf(water(client));
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    // 400 ms hold at most three attempts of 150 ms (a busy machine only makes it fewer), never ten.
    expect(billing().length).toBeGreaterThanOrEqual(2);
    expect(billing().length).toBeLessThanOrEqual(3);
  });

  it('shortens the transport timeout of an attempt to what is left of the budget', async () => {
    const client = setup({ operationBudgetMs: 200 }, 5_000);
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', delayMs: 1_000 });
    await upstreamErrorOf(water(client));
    const sent = http.exchanges.find((exchange) => exchange.request.url.includes('/billing/'));
    expect(sent?.request.timeoutMs).toBeLessThanOrEqual(200);
  });
});

describe('circuit breaker per upstream group', () => {
  it('opens on a failing group, then fails fast without calling the upstream; other groups are untouched', async () => {
    const client = setup({ retryAttempts: 1 });
    sandbox.injectFault({ operationId: 'ecityPostalCodeGet', status: 500, times: Infinity });
    for (let i = 0; i < FAST.breakerMinCalls; i += 1) await upstreamErrorOf(postal(client));
    expect(client.resilience.breakerStateOf('ecity')).toBe('open');
    expect(await gaugeOf('ecity')).toBe(2);
    const sent = sandbox.calls('ecityPostalCodeGet').length;

    const refused = await upstreamErrorOf(postal(client));
    expect(refused.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', operationId: 'ecityPostalCodeGet' });
    expect(refused.details.notSent).toBe(true);
    // Every operation of the group, not only the failing one.
    await upstreamErrorOf(client.call('ecityPostalCodeCoordinatesGet', { query: { postalCode: '1357913579' } }));
    expect(sandbox.calls('ecityPostalCodeGet')).toHaveLength(sent);
    expect(sandbox.calls('ecityPostalCodeCoordinatesGet')).toHaveLength(0);

    await water(client);
    expect(client.resilience.breakerStateOf('billing')).toBe('closed');
  });

  it('lets one probe through after the half-open duration and closes when the upstream has healed', async () => {
    const client = setup({ retryAttempts: 1 });
    sandbox.injectFault({ operationId: 'ecityPostalCodeGet', status: 503, times: Infinity });
    for (let i = 0; i < FAST.breakerMinCalls; i += 1) await upstreamErrorOf(postal(client));
    expect(client.resilience.breakerStateOf('ecity')).toBe('open');

    // Still failing at the probe: open again.
    await new Promise((resolve) => setTimeout(resolve, FAST.breakerHalfOpenMs + 50));
    await upstreamErrorOf(postal(client));
    expect(client.resilience.breakerStateOf('ecity')).toBe('open');

    sandbox.clearFaults();
    const sent = sandbox.calls('ecityPostalCodeGet').length;
    await upstreamErrorOf(postal(client));
    expect(sandbox.calls('ecityPostalCodeGet')).toHaveLength(sent);
    await new Promise((resolve) => setTimeout(resolve, FAST.breakerHalfOpenMs + 50));
    await postal(client);
    expect(client.resilience.breakerStateOf('ecity')).toBe('closed');
    expect(await gaugeOf('ecity')).toBe(0);
    await postal(client);
    expect(sandbox.calls('ecityPostalCodeGet')).toHaveLength(sent + 2);
  });

  it('counts retries of a call against its group, so a failing group opens sooner', async () => {
    const client = setup({ retryAttempts: 3 });
    sandbox.injectFault({ operationId: 'ecityPostalCodeGet', status: 502, times: Infinity });
    await upstreamErrorOf(postal(client));
    await upstreamErrorOf(postal(client));
    expect(client.resilience.breakerStateOf('ecity')).toBe('open');
    expect(sandbox.calls('ecityPostalCodeGet')).toHaveLength(FAST.breakerMinCalls);
  });

  it('does not count business refusals (400, 404) as failures', async () => {
    const client = setup({ retryAttempts: 1 });
    sandbox.injectFault({ operationId: 'ecityPostalCodeGet', status: 400, times: 8 });
    sandbox.injectFault({ operationId: 'ecityPostalCodeGet', status: 404, times: 8 });
    for (let i = 0; i < 16; i += 1) await upstreamErrorOf(postal(client));
    expect(client.resilience.breakerStateOf('ecity')).toBe('closed');
    // An invalid postal code is the upstream's own refusal, answered 400.
    for (let i = 0; i < 8; i += 1) await upstreamErrorOf(postal(client, '1200000000'));
    expect(client.resilience.breakerStateOf('ecity')).toBe('closed');
    await postal(client);
  });

  it('stays closed at a 20 % failure rate', async () => {
    const client = setup({ retryAttempts: 1 });
    for (let round = 0; round < 10; round += 1) {
      sandbox.injectFault({ operationId: 'ecityPostalCodeGet', status: 500 });
      await upstreamErrorOf(postal(client));
      for (let i = 0; i < 4; i += 1) await postal(client);
    }
    expect(client.resilience.breakerStateOf('ecity')).toBe('closed');
  });
});

describe('a rejected token', () => {
  it.each([401, 403])('after a %i: exactly one token renewal and one resend', async (status) => {
    const client = setup();
    await water(client);
    sandbox.clearCalls();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status, times: Infinity });
    const error = await upstreamErrorOf(water(client));
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_REJECTED', httpStatus: status });
    expect(sandbox.calls('token')).toHaveLength(1);
    expect(billing()).toHaveLength(2);
    expect(at(billing(), 1).trackId).not.toBe(at(billing(), 0).trackId);
  });

  it('after one 403 the resend with the renewed token succeeds', async () => {
    const client = setup();
    await water(client);
    sandbox.clearCalls();
    sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 403 });
    await water(client);
    expect(sandbox.calls('token')).toHaveLength(1);
    expect(billing().map((call) => call.status)).toEqual([403, 200]);
  });
});
