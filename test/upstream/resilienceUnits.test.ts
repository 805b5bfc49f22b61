/**
 * The resilience policies on their own, with fake timers where time matters: the call budget, Retry-After,
 * what counts as unhealthy, the retry loop's limits, and the breakers' states.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResilienceConfig } from '../../src/config.js';
import { TransportError, type HttpResponse } from '../../src/datasources/upstream/http.js';
import { operation, type UpstreamGroup } from '../../src/datasources/upstream/operations.js';
import {
  CallBudget,
  NotSentError,
  UpstreamResilience,
  isUnhealthyAnswer,
  retryAfterMs,
  type AttemptVerdict,
} from '../../src/datasources/upstream/resilience.js';
import { createLogger } from '../../src/logger.js';
import { breakerState } from '../../src/observability/metrics.js';

const SETTINGS: ResilienceConfig = {
  operationBudgetMs: 1_000,
  retryAttempts: 3,
  retryInitialDelayMs: 1,
  retryMaxDelayMs: 1,
  breakerThreshold: 0.5,
  breakerWindowMs: 2_000,
  breakerMinCalls: 4,
  breakerConsecutiveFailures: 1_000,
  breakerHalfOpenMs: 300,
};
const POSTAL = operation('ecityPostalCodeGet');
const resilience = (settings: Partial<ResilienceConfig> = {}) =>
  new UpstreamResilience({ ...SETTINGS, ...settings }, createLogger('silent'));
const fakeTime = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });

/** A promise settled by hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a call not sent', () => {
  it('is a NotSentError naming its reason', () => {
    const error = new NotSentError('breaker');
    expect([error.name, error.message, error.reason]).toEqual([
      'NotSentError',
      'upstream call not sent (breaker)',
      'breaker',
    ]);
  });
});

describe('Retry-After', () => {
  it('reads delta-seconds, blanks around them allowed, or an HTTP date from now, never before it', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs(' 5 ', now)).toBe(5_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 10:00:12 GMT', now)).toBe(12_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('is nothing for a value that is neither', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    for (const value of ['5s', 'x5', 'soon', ''])
      expect(retryAfterMs(value, now), JSON.stringify(value)).toBeUndefined();
  });
});

describe('an unhealthy answer', () => {
  it('is a 5xx or a 408, whatever its body', () => {
    for (const status of [500, 503, 408]) expect(isUnhealthyAnswer({ status, text: '{"status":"FAILED"}' })).toBe(true);
  });

  it('is a success whose body is no JSON object, but no other status from 300 up', () => {
    for (const text of ['<html>', '[]', 'null', '"text"'])
      expect(isUnhealthyAnswer({ status: 200, text }), text).toBe(true);
    expect(isUnhealthyAnswer({ status: 200, text: '{}' })).toBe(false);
    for (const status of [300, 404, 429])
      expect(isUnhealthyAnswer({ status, text: '<html>' }), String(status)).toBe(false);
  });
});

describe('the call budget', () => {
  it('says why no attempt may start: the caller went away, or the time is spent', () => {
    fakeTime();
    expect(new CallBudget(1_000).stopReason()).toBeNull();
    expect(new CallBudget(1_000, AbortSignal.abort()).stopReason()).toBe('aborted');
    const budget = new CallBudget(1_000, new AbortController().signal);
    vi.advanceTimersByTime(1_000);
    expect(budget.stopReason()).toBe('budget');
  });

  it('gives up a task that has not started when the time is spent, and tells it first', async () => {
    fakeTime();
    const abandoned: string[] = [];
    const waiting = new CallBudget(100)
      .untilStarted(
        new Promise(() => undefined),
        () => false,
        (reason) => abandoned.push(reason),
      )
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    const error = await waiting;
    expect(error).toBeInstanceOf(NotSentError);
    expect(error).toMatchObject({ reason: 'budget' });
    expect(abandoned).toEqual(['budget']);
  });

  it('gives up a task that has not started when the caller goes away', async () => {
    fakeTime();
    const abandoned: string[] = [];
    const caller = new AbortController();
    const waiting = new CallBudget(100, caller.signal)
      .untilStarted(
        new Promise(() => undefined),
        () => false,
        (reason) => abandoned.push(reason),
      )
      .catch((error: unknown) => error);
    caller.abort();
    expect(await waiting).toMatchObject({ reason: 'aborted' });
    expect(abandoned).toEqual(['aborted']);
  });

  it('lets a started task run past the budget, and forgets a finished one', async () => {
    fakeTime();
    const abandoned: string[] = [];
    const task = deferred<string>();
    const started = new CallBudget(100).untilStarted(
      task.promise,
      () => true,
      (reason) => abandoned.push(reason),
    );
    await vi.advanceTimersByTimeAsync(200);
    task.resolve('answered');
    expect(await started).toBe('answered');

    // Never started, yet finished: the budget's timer must be gone.
    const finished = await new CallBudget(100).untilStarted(
      Promise.resolve('quick'),
      () => false,
      (reason) => abandoned.push(reason),
    );
    expect(finished).toBe('quick');
    await vi.advanceTimersByTimeAsync(200);
    expect(abandoned).toEqual([]);
  });

  it("races a wait with the caller's going away", async () => {
    const never = new Promise<string>(() => undefined);
    expect(await new CallBudget(100).race(Promise.resolve('run'), () => 'gone')).toBe('run');
    expect(await new CallBudget(100, AbortSignal.abort()).race(never, () => 'gone')).toBe('gone');
    const caller = new AbortController();
    const raced = new CallBudget(100, caller.signal).race(never, () => 'gone');
    caller.abort();
    expect(await raced).toBe('gone');
    expect(await new CallBudget(100, new AbortController().signal).race(Promise.resolve('run'), () => 'gone')).toBe(
      'run',
    );
  });
});

describe('the retry loop', () => {
  const transient: AttemptVerdict = { transient: true };

  it('waits between attempts no longer than the maximum delay', async () => {
    fakeTime();
    const sent: number[] = [];
    const calls = resilience().attempts(
      POSTAL,
      resilience().budget(),
      true,
      () => transient,
      async (n) => {
        sent.push(n);
        return 'failed';
      },
    );
    await vi.advanceTimersByTimeAsync(5);
    expect(await calls).toBe('failed');
    expect(sent).toEqual([0, 1, 2]);
  });

  it('gives up when the wait asked for is as long as the time left', async () => {
    fakeTime();
    const sent: number[] = [];
    const policies = resilience();
    const calls = policies.attempts(
      POSTAL,
      policies.budget(),
      true,
      () => ({ transient: true, retryAfterMs: SETTINGS.operationBudgetMs }),
      async (n) => {
        sent.push(n);
        return 'failed';
      },
    );
    await vi.advanceTimersByTimeAsync(2 * SETTINGS.operationBudgetMs);
    expect(await calls).toBe('failed');
    expect(sent).toEqual([0]);
  });

  it('gives up once the caller went away, with the last outcome', async () => {
    const caller = new AbortController();
    const policies = resilience();
    const sent: number[] = [];
    const outcome = await policies.attempts(
      POSTAL,
      policies.budget(caller.signal),
      true,
      () => transient,
      async (n) => {
        sent.push(n);
        caller.abort();
        return `attempt ${n}`;
      },
    );
    expect(outcome).toBe('attempt 0');
    expect(sent).toEqual([0]);
  });

  it('lets an error thrown by a later attempt through', async () => {
    const policies = resilience();
    await expect(
      policies.attempts(
        POSTAL,
        policies.budget(),
        true,
        () => transient,
        async (n) => {
          if (n > 0) throw new Error('send failed');
          return 'failed';
        },
      ),
    ).rejects.toThrow('send failed');
  });
});

describe('the breakers', () => {
  const failing = (error: Error) => () => Promise.reject(error);
  const ok = (): Promise<HttpResponse> => Promise.resolve({ status: 200, text: '{}' });

  it('do not count calls the caller gave up, only transport failures', async () => {
    const policies = resilience();
    for (let i = 0; i < 10; i += 1)
      await expect(policies.guard(POSTAL, failing(new TransportError('aborted', true)))).rejects.toThrow();
    expect(policies.breakerStateOf('ecity')).toBe('closed');
    for (let i = 0; i < 10; i += 1)
      await expect(policies.guard(POSTAL, failing(new TransportError('network', true)))).rejects.toThrow();
    expect(policies.breakerStateOf('ecity')).toBe('open');
    await expect(policies.guard(POSTAL, ok)).rejects.toMatchObject({ name: 'NotSentError', reason: 'breaker' });
  });

  it('are half-open while the probe after the wait is in flight, and start closed again when made', async () => {
    fakeTime();
    const policies = resilience();
    for (let i = 0; i < 10; i += 1)
      await expect(policies.guard(POSTAL, failing(new TransportError('network', true)))).rejects.toThrow();
    expect(policies.breakerStateOf('ecity')).toBe('open');
    const open = (await breakerState.get()).values.find((value) => value.labels['group'] === 'ecity')?.value;
    expect(open).toBe(2);
    vi.advanceTimersByTime(SETTINGS.breakerHalfOpenMs);
    const answer = deferred<HttpResponse>();
    const probe = policies.guard(POSTAL, () => answer.promise);
    expect(policies.breakerStateOf('ecity')).toBe('half-open');
    answer.resolve({ status: 200, text: '{}' });
    await probe;
    expect(policies.breakerStateOf('ecity')).toBe('closed');

    for (let i = 0; i < 10; i += 1)
      await expect(policies.guard(POSTAL, failing(new TransportError('network', true)))).rejects.toThrow();
    resilience();
    const fresh = (await breakerState.get()).values.find((value) => value.labels['group'] === 'ecity')?.value;
    expect(fresh).toBe(0);
  });

  it('are closed, and guard nothing, for a group the catalog does not have', async () => {
    const policies = resilience();
    expect(policies.breakerStateOf('none' as UpstreamGroup)).toBe('closed');
    await expect(policies.guard({ ...POSTAL, group: 'none' as UpstreamGroup }, ok)).resolves.toMatchObject({
      status: 200,
    });
  });
});
