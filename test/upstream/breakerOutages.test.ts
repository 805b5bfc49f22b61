/**
 * The breaker opens on an outage of any shape, however healthy the group was before it: a run of 503s,
 * 502s, 504s, cut connections or timeouts right after many healthy answers, which a failure ratio over
 * the whole window alone would dilute.
 */
import { describe, expect, it } from 'vitest';
import type { ResilienceConfig } from '../../src/config.js';
import type { UpstreamClient } from '../../src/datasources/upstream/client.js';
import type { FaultRule, Sandbox } from '../fixtures/sandbox.js';
import { newBroker, newClient, upstreamErrorOf, type RecordingTransport, useSandboxAndTransport } from './support.js';

/** The defaults, but for the retries' waits and the half-open time, so that the file runs in seconds. */
const DEFAULTS: ResilienceConfig = {
  operationBudgetMs: 15_000,
  retryAttempts: 5,
  retryInitialDelayMs: 1,
  retryMaxDelayMs: 5,
  breakerThreshold: 0.5,
  breakerWindowMs: 30_000,
  breakerMinCalls: 20,
  breakerConsecutiveFailures: 20,
  breakerHalfOpenMs: 10_000,
};
const HEALTHY_READS = 300;

let sandbox: Sandbox;
let http: RecordingTransport;
useSandboxAndTransport((started, transport) => {
  sandbox = started;
  http = transport;
});

const postal = (client: UpstreamClient, i: number) =>
  client.call('ecityPostalCodeGet', { query: { postalCode: `13579${String(i).padStart(5, '0')}` } });

describe('the breaker after a healthy period', () => {
  it.each<[string, Omit<FaultRule, 'operationId'>]>([
    ['503s', { status: 503 }],
    ['502s', { status: 502 }],
    ['504s', { status: 504 }],
    ['cut connections', { reset: true }],
    ['timeouts', { delayMs: 1_000 }],
  ])('opens on a run of %s', async (_, fault) => {
    const client = newClient(sandbox, http, {
      tokens: newBroker(sandbox, http),
      timeoutMs: 200,
      resilience: DEFAULTS,
    });
    for (let i = 0; i < HEALTHY_READS; i += 1) await postal(client, i);
    expect(client.resilience.breakerStateOf('ecity')).toBe('closed');

    sandbox.injectFault({ operationId: 'ecityPostalCodeGet', ...fault, times: Number.POSITIVE_INFINITY });
    const sentBefore = sandbox.calls('ecityPostalCodeGet').length;
    for (let i = 0; i < 10 && client.resilience.breakerStateOf('ecity') === 'closed'; i += 1)
      await upstreamErrorOf(postal(client, i));
    expect(client.resilience.breakerStateOf('ecity')).toBe('open');
    // Opened after the consecutive failures, not after all ten reads' fifty attempts.
    expect(sandbox.calls('ecityPostalCodeGet').length - sentBefore).toBeLessThanOrEqual(
      DEFAULTS.breakerConsecutiveFailures,
    );
    const refused = await upstreamErrorOf(postal(client, 99));
    expect(refused.details.notSent).toBe(true);
  });
});
