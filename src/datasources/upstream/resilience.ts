/**
 * How calls to the upstream survive its faults: a time budget per call, retries with jittered
 * exponential backoff for calls the catalog marks safe to resend, and a circuit breaker per upstream
 * group. Built on cockatiel; the client wraps its one send with it and maps what comes out.
 */
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  DelegateBackoff,
  ExponentialBackoff,
  SamplingBreaker,
  circuitBreaker,
  handleType,
  handleWhenResult,
  retry,
  type CircuitBreakerPolicy,
  type IBackoff,
  type IRetryBackoffContext,
} from 'cockatiel';
import type { ResilienceConfig } from '../../config.js';
import type { Logger } from '../../logger.js';
import { breakerState, upstreamRetries } from '../../observability/metrics.js';
import { onAbort as whenAborted } from './abortListeners.js';
import { EitherBreaker } from './eitherBreaker.js';
import { bodyOf } from './envelope.js';
import { TransportError, type HttpResponse } from './http.js';
import { operations, type OperationSpec, type UpstreamGroup } from './operations.js';

/** Why a call never left this process. */
export type NotSentReason = 'breaker' | 'budget' | 'aborted';

/** The call was refused here, before anything was sent: the upstream cannot have acted on it. */
export class NotSentError extends Error {
  override readonly name = 'NotSentError';
  constructor(readonly reason: NotSentReason) {
    super(`upstream call not sent (${reason})`);
  }
}

/** What the retry policy reads from one attempt. */
export interface AttemptVerdict {
  /** Sending the same call again may get another answer (timeouts, cut connections, 5xx, 429, garbage). */
  readonly transient: boolean;
  /** The upstream's `Retry-After`, in ms from now, when it sent one. */
  readonly retryAfterMs?: number;
}

/** The time one upstream call may take, all attempts and waits included, and the caller's cancellation. */
export class CallBudget {
  private readonly deadline: number;

  constructor(
    budgetMs: number,
    /** The caller's signal: when it aborts, waiting ends. */
    readonly signal?: AbortSignal,
  ) {
    this.deadline = performance.now() + budgetMs;
  }

  remaining(): number {
    return Math.max(0, this.deadline - performance.now());
  }

  /** Why no new attempt may start now, if it may not. */
  stopReason(): NotSentReason | null {
    if (this.signal?.aborted) return 'aborted';
    return this.remaining() <= 0 ? 'budget' : null;
  }

  /**
   * Waits for `task`; while `started()` is false (the task waits for a slot and has sent nothing), the
   * end of the budget or the caller's abort ends the wait with a NotSentError, and `abandon` is told
   * first: the task must then never start, whatever the clock reads when its slot frees (a timer may
   * fire before the clock reaches the deadline). Once started, the task runs to its own end (its
   * transport timeout is within the budget).
   */
  untilStarted<T>(task: Promise<T>, started: () => boolean, abandon: (reason: NotSentReason) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const stop = () => {
        if (started()) return;
        const reason = this.signal?.aborted ? 'aborted' : 'budget';
        abandon(reason);
        reject(new NotSentError(reason));
      };
      const timer = setTimeout(stop, this.remaining());
      const stopListening = this.signal ? whenAborted(this.signal, stop) : () => {};
      task.then(resolve, reject).finally(() => {
        clearTimeout(timer);
        stopListening();
      });
    });
  }

  /** `run`, or `onAbort()` as soon as the caller's signal aborts: a retry's wait ends there. */
  race<T>(run: Promise<T>, onAbort: () => T): Promise<T> {
    const { signal } = this;
    if (!signal) return run;
    if (signal.aborted) return Promise.resolve(onAbort());
    return new Promise<T>((resolve, reject) => {
      const stopListening = whenAborted(signal, () => resolve(onAbort()));
      run.then(resolve, reject).finally(stopListening);
    });
  }
}

/** The delay a `Retry-After` value asks for (delta-seconds or an HTTP date), in ms from `now`. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Whether an answer shows the upstream unhealthy (for the breaker): a 5xx, a 408, or a success status
 * whose body is no envelope. Business refusals (4xx envelopes, "no data") are healthy answers.
 */
export function isUnhealthyAnswer(response: Pick<HttpResponse, 'status' | 'text'>): boolean {
  if (response.status >= 500 || response.status === 408) return true;
  if (response.status >= 300) return false;
  // Parsed once for the breaker and the client that reads the answer next (`bodyOf`).
  const value = bodyOf(response);
  return typeof value !== 'object' || value === null || Array.isArray(value);
}

const STATE_GAUGE: Record<CircuitState, number> = {
  [CircuitState.Closed]: 0,
  [CircuitState.HalfOpen]: 1,
  [CircuitState.Open]: 2,
  [CircuitState.Isolated]: 2,
};

/** Thrown from the backoff to stop retrying; carries the attempt that stands as the answer. */
class GiveUp<T> extends Error {
  constructor(readonly last: T) {
    super('retry budget spent');
  }
}

export class UpstreamResilience {
  private readonly breakers = new Map<UpstreamGroup, CircuitBreakerPolicy>();

  constructor(
    readonly settings: ResilienceConfig,
    private readonly logger: Logger,
  ) {
    for (const group of new Set([...operations.values()].map((spec) => spec.group)))
      this.breakers.set(group, this.newBreaker(group));
  }

  budget(signal?: AbortSignal): CallBudget {
    return new CallBudget(this.settings.operationBudgetMs, signal);
  }

  /** The breaker state of `group`, for tests and diagnostics. */
  breakerStateOf(group: UpstreamGroup): 'closed' | 'open' | 'half-open' {
    const state = this.breakers.get(group)?.state ?? CircuitState.Closed;
    return state === CircuitState.Closed ? 'closed' : state === CircuitState.HalfOpen ? 'half-open' : 'open';
  }

  /**
   * Runs `attempt` (its argument counts from 0) and, when `resendable` and its outcome is transient,
   * again after a jittered exponential wait (never shorter than the upstream's `Retry-After`), up to the
   * configured attempts and while the budget allows the wait and a new attempt. The last outcome stands.
   */
  async attempts<T>(
    spec: OperationSpec,
    budget: CallBudget,
    resendable: boolean,
    verdict: (outcome: T) => AttemptVerdict,
    attempt: (n: number) => Promise<T>,
  ): Promise<T> {
    const maxRetries = resendable ? this.settings.retryAttempts - 1 : 0;
    if (maxRetries === 0) return attempt(0);
    // Most first attempts stand: the retry policy is built only for an outcome worth sending again, and
    // then starts from that outcome as its own first attempt.
    const first = await attempt(0);
    if (!verdict(first).transient) return first;
    const exponential = new ExponentialBackoff({
      initialDelay: this.settings.retryInitialDelayMs,
      maxDelay: this.settings.retryMaxDelayMs,
    });
    const backoff = new DelegateBackoff<IRetryBackoffContext<unknown>, IBackoff<unknown> | undefined>(
      (context, previous) => {
        const last = (context.result as { value: T }).value;
        const next = previous ? previous.next(undefined) : exponential.next();
        const delay = Math.max(next.duration, verdict(last).retryAfterMs ?? 0);
        // No time left for the wait and an attempt worth sending: the last outcome stands.
        if (budget.stopReason() !== null || delay >= budget.remaining()) throw new GiveUp(last);
        return { delay, state: next };
      },
    );
    const policy = retry(
      handleWhenResult((outcome) => verdict(outcome as T).transient),
      { maxAttempts: maxRetries, backoff },
    );
    const listener = policy.onRetry(() => upstreamRetries.inc({ operation: spec.id }));
    try {
      return await policy.execute(({ attempt: n }) => (n === 0 ? Promise.resolve(first) : attempt(n)));
    } catch (error) {
      if (error instanceof GiveUp) return error.last as T;
      throw error;
    } finally {
      listener.dispose();
    }
  }

  /**
   * One send through the breaker of the operation's group. An open breaker refuses it with a
   * NotSentError('breaker') before anything is sent. Only transport failures (not the caller's
   * cancellation) and unhealthy answers count against the breaker.
   */
  async guard(spec: OperationSpec, send: () => Promise<HttpResponse>): Promise<HttpResponse> {
    const breaker = this.breakers.get(spec.group);
    if (!breaker) return send();
    try {
      return await breaker.execute(() => send());
    } catch (error) {
      if (error instanceof BrokenCircuitError) throw new NotSentError('breaker');
      throw error;
    }
  }

  private newBreaker(group: UpstreamGroup): CircuitBreakerPolicy {
    const { breakerThreshold, breakerWindowMs, breakerMinCalls, breakerConsecutiveFailures, breakerHalfOpenMs } =
      this.settings;
    const breaker = circuitBreaker(
      handleType(TransportError, (error) => error.kind !== 'aborted').orWhenResult((response) =>
        isUnhealthyAnswer(response as HttpResponse),
      ),
      {
        halfOpenAfter: breakerHalfOpenMs,
        breaker: new EitherBreaker([
          // cockatiel asks for a rate; at least `breakerMinCalls` calls within the window.
          new SamplingBreaker({
            threshold: breakerThreshold,
            duration: breakerWindowMs,
            minimumRps: (breakerMinCalls * 1000) / breakerWindowMs,
          }),
          // An outage right after a healthy period: the window's ratio would be diluted by the healthy calls.
          new ConsecutiveBreaker(breakerConsecutiveFailures),
        ]),
      },
    );
    breakerState.set({ group }, 0);
    breaker.onStateChange((state) => {
      breakerState.set({ group }, STATE_GAUGE[state]);
      if (state === CircuitState.Open)
        this.logger.warn({ group }, 'upstream breaker opened: calls of this group fail fast');
      else if (state === CircuitState.Closed) this.logger.info({ group }, 'upstream breaker closed');
    });
    return breaker;
  }
}
