/**
 * One callback subscription on its own (CallbackSubscriptions, no server), against a router played on
 * 127.0.0.1 whose answers the test scripts: its events as `next`, its end as `complete`, a router that
 * drops or refuses it, the subgraph going away, and its heartbeats: those the router does not answer
 * (5xx) are tolerated up to the allowed number in a row, a delivered one starts the count again, and a
 * refused one ends the subscription at once.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLError, type ExecutionResult, type FormattedExecutionResult } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { callbackSubscriptionEnds, callbackSubscriptions } from '../../src/observability/metrics.js';
import { CallbackSubscriptions, type CallbackSource } from '../../src/subscriptions/callback.js';
import { startCallbackReceiver, type CallbackMessage, type CallbackReceiver } from '../helpers/callbackReceiver.js';
import { eventually } from '../helpers/eventually.js';
import { at } from '../helpers/responses.js';

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

/** A stream of `events`, then its end, nothing more until it is released (`hold`), or a failure. */
function eventSource(
  events: ExecutionResult[],
  then: 'end' | 'hold' | { fail: unknown } = 'end',
): AsyncIterator<ExecutionResult> & { released: boolean } {
  const source = {
    released: false,
    next: (): Promise<IteratorResult<ExecutionResult>> => {
      const event = events.shift();
      if (event) return Promise.resolve({ done: false, value: event });
      if (then === 'end') return Promise.resolve({ done: true, value: undefined });
      if (then === 'hold') return new Promise(() => undefined);
      return Promise.reject(then.fail);
    },
    return: (): Promise<IteratorResult<ExecutionResult>> => {
      source.released = true;
      return Promise.resolve({ done: true, value: undefined });
    },
  };
  return source;
}

/** Errors as they would leave the process: marked, so that a test sees they went through `format`. */
const format = (result: ExecutionResult): FormattedExecutionResult => ({
  ...(result.data !== undefined && { data: result.data }),
  ...(result.errors && {
    errors: result.errors.map((error) => ({ message: `formatted: ${error.message}`, extensions: error.extensions })),
  }),
});

interface Options {
  /** The router's answer to the nth message of `action` (from 1); undefined: the router's own. */
  readonly answer?: (action: string | undefined, n: number) => number | undefined;
  readonly heartbeatIntervalMs?: number;
  readonly maxHeartbeatFailures?: number;
  /** Another callback URL than the receiver's. */
  readonly callbackUrl?: string;
}

/** Starts a subscription relaying `source`; what the router received for it, and whether it stopped (how often). */
function subscribe(source: CallbackSource, options: Options = {}) {
  subscriptions ??= new CallbackSubscriptions({
    allowedHosts: [{ hostname: '127.0.0.1', port: null }],
    logger: createLogger('silent'),
    sender: { retryDelayMs: 10 },
    ...(options.maxHeartbeatFailures !== undefined && { maxHeartbeatFailures: options.maxHeartbeatFailures }),
  });
  const subscriptionId = randomUUID();
  const verifier = randomUUID();
  const request = subscriptions.read({
    callbackUrl: options.callbackUrl ?? receiver.expect(subscriptionId, verifier),
    subscriptionId,
    verifier,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? INTERVAL_MS,
  });
  const counts = new Map<string | undefined, number>();
  const state = {
    stops: 0,
    /** Results shaped to be sent: each event and each list of errors, as it is about to go out. */
    formats: 0,
    messages: () => receiver.messagesOf(subscriptionId).map((entry) => entry.message),
    actions: () => receiver.messagesOf(subscriptionId).map((entry) => entry.message.action),
    checks: () => state.actions().filter((action) => action === 'check').length,
    subscriptionId,
    verifier,
  };
  const answer = options.answer;
  if (answer)
    receiver.answerWith((message: CallbackMessage) => {
      if (message.id !== subscriptionId) return undefined;
      const n = (counts.get(message.action) ?? 0) + 1;
      counts.set(message.action, n);
      return answer(message.action, n);
    });
  subscriptions.start({
    request,
    source,
    format: (result) => {
      state.formats += 1;
      return format(result);
    },
    onStop: () => {
      state.stops += 1;
    },
  });
  return state;
}

async function ends(reason: string): Promise<number> {
  return (await callbackSubscriptionEnds.get()).values.find((value) => value.labels.reason === reason)?.value ?? 0;
}

async function running(): Promise<number> {
  return at((await callbackSubscriptions.get()).values, 0).value;
}

describe('a callback subscription', () => {
  it('sends each event as next, formatted, then complete without errors, and stops once', async () => {
    const completed = await ends('completed');
    const source = eventSource([{ data: { n: 1 } }, { data: { n: 2 } }]);
    const state = subscribe(source, { heartbeatIntervalMs: 0 });
    expect(subscriptions?.size).toBe(1);
    expect(await running()).toBe(1);
    await eventually(() => state.actions().at(-1) === 'complete', { what: 'complete' });
    expect(state.messages()).toEqual([
      {
        kind: 'subscription',
        id: state.subscriptionId,
        verifier: state.verifier,
        action: 'next',
        payload: { data: { n: 1 } },
      },
      {
        kind: 'subscription',
        id: state.subscriptionId,
        verifier: state.verifier,
        action: 'next',
        payload: { data: { n: 2 } },
      },
      { kind: 'subscription', id: state.subscriptionId, verifier: state.verifier, action: 'complete' },
    ]);
    const headers = at(receiver.messagesOf(state.subscriptionId), 0).headers;
    expect(headers['subscription-protocol']).toBe('callback/1.0');
    expect(headers['content-type']).toBe('application/json');
    expect(state.stops).toBe(1);
    expect(source.released).toBe(true);
    expect(subscriptions?.size).toBe(0);
    expect(await running()).toBe(0);
    expect(await ends('completed')).toBe(completed + 1);
  });

  it('sends the errors that kept it from starting with complete, and nothing else', async () => {
    const state = subscribe([new GraphQLError('No job.', { extensions: { code: 'NOT_FOUND' } })]);
    await eventually(() => state.stops === 1, { what: 'the subscription to stop' });
    await eventually(() => state.actions().length === 1, { what: 'complete' });
    expect(state.messages()).toEqual([
      expect.objectContaining({
        action: 'complete',
        errors: [{ message: 'formatted: No job.', extensions: { code: 'NOT_FOUND' } }],
      }),
    ]);
    expect(subscriptions?.size).toBe(0);
  });

  it('ends with complete and the error when its stream fails: a GraphQL error as it is, any other as an internal error', async () => {
    const known = subscribe(
      eventSource([{ data: { n: 1 } }], { fail: new GraphQLError('Gone.', { extensions: { code: 'X' } }) }),
      {
        heartbeatIntervalMs: 0,
      },
    );
    const other = subscribe(eventSource([], { fail: 'a thrown string' }), { heartbeatIntervalMs: 0 });
    await eventually(() => known.actions().at(-1) === 'complete' && other.actions().at(-1) === 'complete', {
      what: 'both to complete',
    });
    expect(known.actions()).toEqual(['next', 'complete']);
    expect(at(known.messages(), 1).errors).toEqual([{ message: 'formatted: Gone.', extensions: { code: 'X' } }]);
    expect(other.messages()).toEqual([
      expect.objectContaining({
        action: 'complete',
        errors: [{ message: 'formatted: Internal server error', extensions: {} }],
      }),
    ]);
  });

  it.each([
    [404, 'gone'],
    [400, 'refused'],
    [503, 'unreachable'],
  ])(
    'stops without another message when the router answers a next with %i, on every attempt',
    async (status, reason) => {
      const before = await ends(reason);
      const source = eventSource([{ data: { n: 1 } }, { data: { n: 2 } }], 'hold');
      const state = subscribe(source, {
        heartbeatIntervalMs: 0,
        answer: (action) => (action === 'next' ? status : undefined),
      });
      await eventually(() => state.stops === 1, { what: 'the subscription to stop' });
      // A 5xx is tried three times in all; the others once.
      expect(state.actions()).toEqual(status === 503 ? ['next', 'next', 'next'] : ['next']);
      expect(source.released).toBe(true);
      expect(subscriptions?.size).toBe(0);
      expect(await ends(reason)).toBe(before + 1);
    },
  );

  it('takes a next the router answers on a later attempt, and goes on', async () => {
    const state = subscribe(eventSource([{ data: { n: 1 } }, { data: { n: 2 } }]), {
      heartbeatIntervalMs: 0,
      answer: (action, n) => (action === 'next' && n <= 2 ? 502 : undefined),
    });
    await eventually(() => state.actions().at(-1) === 'complete', { what: 'complete' });
    expect(state.actions()).toEqual(['next', 'next', 'next', 'next', 'complete']);
    expect(state.stops).toBe(1);
  });

  it('tells the router when the subgraph goes away: complete with SERVICE_UNAVAILABLE, once, and then starts none', async () => {
    const shutdowns = await ends('shutdown');
    const source = eventSource([], 'hold');
    const state = subscribe(source, {
      heartbeatIntervalMs: 0,
      answer: (action) => (action === 'complete' ? 503 : undefined),
    });
    await subscriptions?.close();
    expect(state.messages()).toEqual([
      expect.objectContaining({
        action: 'complete',
        errors: [
          {
            message: 'formatted: The subgraph is shutting down; subscribe again.',
            extensions: { code: 'SERVICE_UNAVAILABLE' },
          },
        ],
      }),
    ]);
    expect(state.stops).toBe(1);
    expect(source.released).toBe(true);
    expect(subscriptions?.size).toBe(0);

    const late = subscribe(eventSource([{ data: { n: 1 } }]));
    await eventually(() => late.actions().length === 1, { what: 'the late subscription’s complete' });
    expect(late.actions()).toEqual(['complete']);
    expect(late.stops).toBe(1);
    expect(subscriptions?.size).toBe(0);
    expect(await ends('shutdown')).toBe(shutdowns + 2);
  });

  it('sends no heartbeat when the router asks for none', async () => {
    const state = subscribe(eventSource([], 'hold'), { heartbeatIntervalMs: 0 });
    const marker = subscribe(eventSource([], 'hold'));
    await eventually(() => marker.checks() >= 3, { what: 'three heartbeats of another subscription' });
    expect(state.actions()).toEqual([]);
  });
});

describe('edges of a callback subscription', () => {
  /** Lets every callback already due run (promises and immediates), without waiting on time. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('sends the check the router answers before the subscription starts', async () => {
    const subscriptionId = randomUUID();
    const verifier = randomUUID();
    const checks = new CallbackSubscriptions({
      allowedHosts: [{ hostname: '127.0.0.1', port: null }],
      logger: createLogger('silent'),
    });
    const request = checks.read({ callbackUrl: receiver.expect(subscriptionId, verifier), subscriptionId, verifier });
    expect(await checks.check(request)).toBe('delivered');
    expect(receiver.messagesOf(subscriptionId).map((entry) => entry.message)).toEqual([
      { kind: 'subscription', id: subscriptionId, verifier, action: 'check' },
    ]);
  });

  it('relays nothing its stream yields after it stopped', async () => {
    let yieldLate: (result: IteratorResult<ExecutionResult>) => void = () => undefined;
    const source: AsyncIterator<ExecutionResult> = {
      next: () => new Promise((resolve) => (yieldLate = resolve)),
      return: () => Promise.resolve({ done: true, value: undefined }),
    };
    const state = subscribe(source, { heartbeatIntervalMs: 0 });
    await subscriptions?.close();
    const formats = state.formats;
    yieldLate({ done: false, value: { data: { late: true } } });
    await settle();
    expect(state.formats).toBe(formats);
    expect(state.actions()).toEqual(['complete']);
  });

  it('ends a stream that has no return method', async () => {
    const source: AsyncIterator<ExecutionResult> = {
      next: () => Promise.resolve({ done: true, value: undefined }),
    };
    const state = subscribe(source, { heartbeatIntervalMs: 0 });
    await eventually(() => state.actions().at(-1) === 'complete', { what: 'complete' });
    expect(state.stops).toBe(1);
  });

  it('has one heartbeat on its way at a time, however long the router takes to answer it', async () => {
    let arrivals = 0;
    const slow = createServer(() => {
      arrivals += 1;
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const port = (slow.address() as AddressInfo).port;
      subscribe(eventSource([], 'hold'), { callbackUrl: `http://127.0.0.1:${port}/cb` });
      const marker = subscribe(eventSource([], 'hold'));
      // The other subscription's heartbeats keep the time: five intervals have passed by its fifth.
      await eventually(() => marker.checks() >= 5, { what: 'five heartbeats of another subscription' });
      expect(arrivals).toBe(1);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

describe('callback heartbeats', () => {
  const missed = (pattern: (n: number) => boolean) => (action: string | undefined, n: number) =>
    action === 'check' ? (pattern(n) ? 503 : 204) : undefined;

  it('keeps a subscription whose heartbeats are missed one fewer times in a row than allowed', async () => {
    const state = subscribe(eventSource([], 'hold'), { answer: missed((n) => n <= 2) });
    await eventually(() => state.checks() >= 6, { what: 'heartbeats after the missed ones' });
    expect(state.stops).toBe(0);
    expect(subscriptions?.size).toBe(1);
  });

  it('ends a subscription once its heartbeats are missed exactly the allowed number of times in a row', async () => {
    const unreachable = await ends('unreachable');
    const state = subscribe(eventSource([], 'hold'), { answer: missed(() => true) });
    await eventually(() => state.stops === 1, { what: 'the subscription to stop' });
    expect(state.checks()).toBe(3);
    expect(subscriptions?.size).toBe(0);
    expect(await ends('unreachable')).toBe(unreachable + 1);
  });

  it('allows the number of missed heartbeats it is given', async () => {
    const state = subscribe(eventSource([], 'hold'), { answer: missed(() => true), maxHeartbeatFailures: 5 });
    await eventually(() => state.stops === 1, { what: 'the subscription to stop' });
    expect(state.checks()).toBe(5);
  });

  it('starts the count again after a delivered heartbeat', async () => {
    // Two missed, one delivered, over and over: never three missed in a row.
    const state = subscribe(eventSource([], 'hold'), { answer: missed((n) => n % 3 !== 0) });
    await eventually(() => state.checks() >= 8, { what: 'eight heartbeats' });
    expect(state.stops).toBe(0);
    expect(subscriptions?.size).toBe(1);
  });

  it.each([400, 404])('ends a subscription at the first heartbeat the router answers with %i', async (status) => {
    const state = subscribe(eventSource([], 'hold'), { answer: (action) => (action === 'check' ? status : undefined) });
    await eventually(() => state.stops === 1, { what: 'the subscription to stop' });
    expect(state.checks()).toBe(1);
    expect(subscriptions?.size).toBe(0);
  });
});
