/**
 * The heartbeats of a callback subscription, against a router played on 127.0.0.1 whose answers to
 * `check` the test scripts: heartbeats the router does not answer (5xx) are tolerated up to the allowed
 * number in a row, a delivered one starts the count again, and any refusal ends the subscription at once.
 */
import { randomUUID } from 'node:crypto';
import type { ExecutionResult } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { CallbackSubscriptions } from '../../src/subscriptions/callback.js';
import { startCallbackReceiver, type CallbackReceiver } from '../helpers/callbackReceiver.js';
import { eventually } from '../helpers/eventually.js';

const INTERVAL_MS = 50;
let receiver: CallbackReceiver;
beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver.close());

let subscriptions: CallbackSubscriptions | null = null;
afterEach(async () => {
  receiver.answerWith(null);
  await subscriptions?.close();
  subscriptions = null;
});

/** An event stream that yields nothing until it is released. */
function silentSource(): AsyncIterator<ExecutionResult> {
  return {
    next: () => new Promise<IteratorResult<ExecutionResult>>(() => undefined),
    return: () => Promise.resolve({ done: true, value: undefined }),
  };
}

/**
 * Starts a subscription (the default allowance of missed heartbeats) whose nth heartbeat the router
 * answers with `answerOf(n)`, counting from 1; its heartbeats so far, and whether it stopped.
 */
function subscribe(answerOf: (n: number) => number) {
  subscriptions = new CallbackSubscriptions({
    allowedHosts: [{ hostname: '127.0.0.1', port: null }],
    logger: createLogger('silent'),
  });
  const subscriptionId = randomUUID();
  const verifier = randomUUID();
  const request = subscriptions.read({
    callbackUrl: receiver.expect(subscriptionId, verifier),
    subscriptionId,
    verifier,
    heartbeatIntervalMs: INTERVAL_MS,
  });
  const state = { checks: 0, stopped: false };
  receiver.answerWith((message) =>
    message.id === subscriptionId && message.action === 'check' ? answerOf(++state.checks) : undefined,
  );
  subscriptions.start({
    request,
    source: silentSource(),
    format: (result) => result,
    onStop: () => {
      state.stopped = true;
    },
  });
  return state;
}

describe('callback heartbeats', () => {
  it('keeps a subscription whose heartbeats are missed one fewer times in a row than allowed', async () => {
    const state = subscribe((n) => (n <= 2 ? 503 : 204));
    await eventually(() => state.checks >= 6, { what: 'heartbeats after the missed ones' });
    expect(state.stopped).toBe(false);
    expect(subscriptions?.size).toBe(1);
  });

  it('ends a subscription once its heartbeats are missed exactly the allowed number of times in a row', async () => {
    const state = subscribe(() => 503);
    await eventually(() => state.stopped, { what: 'the subscription to stop' });
    expect(state.checks).toBe(3);
    expect(subscriptions?.size).toBe(0);
  });

  it('starts the count again after a delivered heartbeat', async () => {
    // Two missed, one delivered, over and over: never three missed in a row.
    const state = subscribe((n) => (n % 3 === 0 ? 204 : 503));
    await eventually(() => state.checks >= 8, { what: 'eight heartbeats' });
    expect(state.stopped).toBe(false);
    expect(subscriptions?.size).toBe(1);
  });

  it('ends a subscription at the first heartbeat the router refuses', async () => {
    const state = subscribe(() => 400);
    await eventually(() => state.stopped, { what: 'the subscription to stop' });
    expect(state.checks).toBe(1);
    expect(subscriptions?.size).toBe(0);
  });
});
