import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import type { JobsConfig } from '../config.js';
import { ErrorCode, quoteValue, UpstreamError } from '../errors.js';
import { canonicalJson } from '../lib/json.js';
import type { Logger } from '../logger.js';
import { jobsFollowed, jobTransitions } from '../observability/metrics.js';
import {
  isFinal,
  type JobEvents,
  type JobFailure,
  type JobKind,
  type JobLeases,
  type JobRecord,
  type JobStore,
  type JobUpstream,
  type PollOutcome,
} from './types.js';
import { MemoryJobLeases } from './memoryLeases.js';
import { JobWatch } from './watch.js';
import { systemClock, type Clock } from '../lib/clock.js';

export interface JobEngineOptions {
  readonly store: JobStore;
  readonly events: JobEvents;
  /** Who polls each job when several processes share the store; by default this process polls them all. */
  readonly leases?: JobLeases;
  readonly kinds: readonly JobKind<never, unknown>[];
  /** Process-level upstream access: jobs outlive the request that started them. */
  readonly upstream: JobUpstream;
  readonly config: JobsConfig;
  readonly logger: Logger;
  readonly clock?: Clock;
}

/** Upstream answers that will not change by asking again; after this many in a row the job fails. */
const PERMANENT_FAILURE_LIMIT = 3;
const BACKOFF_FACTOR = 1.5;
/**
 * A job pending for long is asked less often: at most every `pollMaxMs`, or every this fraction of its
 * age once that is longer (an hour-old job about every minute), never less often than the longest wait.
 */
const AGE_FRACTION_BETWEEN_POLLS = 1 / 60;
const LONGEST_WAIT_BETWEEN_POLLS_MS = 15 * 60_000;
/** A job still pending this long is logged once, as something an operator may want to look at. */
const LONG_PENDING_MS = 60 * 60_000;

export type FinalOutcome = Exclude<PollOutcome<unknown>, { status: 'PENDING' }>;

interface PollState {
  timer: NodeJS.Timeout | null;
  delay: number;
  permanentFailures: number;
  /** The job's kind, once its record was read (the followed-jobs gauge counts it under this). */
  kind: string | null;
  /** Whether this process took the job's lease (and must give it up when it stops following the job). */
  leased: boolean;
  /** Whether this loop set out to store a final state: if it failed to announce it, the next turn does. */
  finishing: boolean;
  /** When the job was made, once its record was read (older jobs are asked less often). */
  createdAt: number | null;
  /** Whether this process logged the job as pending for long. */
  reportedLong: boolean;
}

/**
 * Runs every asynchronous upstream flow as a job: submits it, polls it with backoff until a final
 * state (one poll loop per job, however many watch it), stores each real change and announces it.
 *
 * Processes sharing a store share the polling through leases: a job is polled only by the process holding
 * its lease. The others let it be, and look again every `leases.checkEveryMs` for pending jobs nobody
 * polls (their holder died, or they were started elsewhere), taking them over.
 */
export class JobEngine {
  private readonly kinds = new Map<string, JobKind<unknown, unknown>>();
  private readonly polls = new Map<string, PollState>();
  private readonly running = new Set<Promise<void>>();
  private readonly retries = new Set<NodeJS.Timeout>();
  private readonly clock: Clock;
  private readonly leases: JobLeases;
  private sweepTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: JobEngineOptions) {
    for (const kind of options.kinds) this.kinds.set(kind.name, kind);
    this.clock = options.clock ?? systemClock;
    this.leases = options.leases ?? new MemoryJobLeases();
  }

  /**
   * Submits a job of `kind` (one the engine was given) upstream and starts following it. Upstream
   * rejections of the submission are thrown.
   */
  async start<Input, Result, Name extends string>(
    kind: JobKind<Input, Result, Name>,
    input: Input,
  ): Promise<JobRecord<Name, Input, Result>> {
    if (this.kind(kind.name) !== kind) throw new Error(`Unknown job kind ${kind.name}`);
    // Nothing is submitted upstream that could not be kept.
    await this.options.store.ping?.();
    const ref = await kind.submit(this.options.upstream, input);
    const at = this.clock.now();
    const job: JobRecord<Name, Input, Result> = {
      id: randomUUID(),
      kind: kind.name,
      status: 'PENDING',
      input,
      ref,
      result: null,
      failure: null,
      createdAt: at,
      updatedAt: at,
      version: 1,
    };
    if (!(await this.options.store.insert(job))) throw new Error(`job ${job.id} exists`);
    jobTransitions.inc({ kind: kind.name, status: 'PENDING' });
    this.follow(job.id, this.options.config.pollInitialMs);
    return job;
  }

  /** Stores a job made elsewhere, claiming its id; false when a job with that id exists. */
  async claim(job: JobRecord): Promise<boolean> {
    const claimed = await this.options.store.insert(job);
    if (claimed) jobTransitions.inc({ kind: job.kind, status: job.status });
    return claimed;
  }

  /**
   * Asks the upstream once, now, where a stored pending job stands (an action found to have been sent
   * before): stores a final answer, else follows the job like any other.
   */
  async check(job: JobRecord): Promise<void> {
    let outcome: PollOutcome<unknown> = { status: 'PENDING' };
    try {
      outcome = await this.kind(job.kind).poll(this.options.upstream, job.ref, job.input, job.result);
    } catch (error) {
      this.options.logger.warn(
        { jobId: job.id, kind: job.kind, err: error instanceof Error ? error.message : String(error) },
        'job check failed',
      );
    }
    try {
      if (outcome.status !== 'PENDING' && (await this.settle(job, outcome))) return;
      if (outcome.status === 'PENDING' && outcome.progress !== undefined) await this.progress(job, outcome.progress);
    } catch (error) {
      this.options.logger.error(
        { jobId: job.id, err: error instanceof Error ? error.message : String(error) },
        'job check could not be recorded',
      );
    }
    this.track(job.id);
  }

  /** Follows a job stored by someone else (a transfer whose outcome is not known yet) until it is final. */
  track(id: string): void {
    this.follow(id, this.options.config.pollInitialMs);
  }

  /** Stores a final outcome reached outside polling and announces it; false when the job changed meanwhile. */
  finish(job: JobRecord, outcome: FinalOutcome): Promise<boolean> {
    return this.record(job, outcome);
  }

  /**
   * Stores a final outcome reached outside polling that the store failed to take: tries again with
   * backoff until it is stored, the job is final otherwise, or the engine stops. Meanwhile the job is
   * followed as any other.
   */
  finishLater(job: JobRecord, outcome: FinalOutcome): void {
    const attempt = (delay: number): void => {
      if (this.stopped) return;
      const timer = setTimeout(() => {
        this.retries.delete(timer);
        const run = this.settle(job, outcome)
          .then(async (stored) => {
            const latest = stored ? null : await this.options.store.get(job.id);
            if (latest && !isFinal(latest.status)) attempt(this.nextDelay(delay, job.createdAt));
          })
          .catch((error: unknown) => {
            this.options.logger.error(
              { jobId: job.id, err: error instanceof Error ? error.message : String(error) },
              'job outcome could not be stored; trying again',
            );
            attempt(this.nextDelay(delay, job.createdAt));
          })
          .finally(() => this.running.delete(run));
        this.running.add(run);
      }, delay);
      timer.unref();
      this.retries.add(timer);
    };
    attempt(this.options.config.pollInitialMs);
    this.track(job.id);
  }

  /**
   * Stores `input` as the pending job's input if the job is unchanged since it was read, without
   * announcing it (the job's state is the same); the job as stored, or null when it had changed.
   */
  async amend<Input>(job: JobRecord<string, Input>, input: Input): Promise<JobRecord<string, Input> | null> {
    const next = { ...job, input, version: job.version + 1 };
    return (await this.options.store.replace(next, job.version)) ? next : null;
  }

  /**
   * Stores the result so far of a pending job whose result fills in while it runs, and announces it;
   * nothing when it is unchanged. The job as stored after it (as given when nothing was stored).
   */
  async progress(job: JobRecord, result: unknown): Promise<JobRecord> {
    if (canonicalJson(result) === canonicalJson(job.result)) return job;
    const next: JobRecord = { ...job, result, updatedAt: this.clock.now(), version: job.version + 1 };
    if (!(await this.options.store.replace(next, job.version))) return job;
    await this.options.events.publish(next);
    return next;
  }

  get(id: string): Promise<JobRecord | null> {
    return this.options.store.get(id);
  }

  /** The job's current state, then each change, ending after its final state. */
  async watch(id: string): Promise<AsyncIterableIterator<JobRecord>> {
    const current = await this.options.store.get(id);
    if (!current)
      throw new GraphQLError(`No job with id ${quoteValue(id)}.`, { extensions: { code: ErrorCode.NotFound } });
    const watch = new JobWatch(this.options.events, id, current);
    try {
      await watch.ready;
      // A change stored between the read and the subscription would otherwise be missed.
      const latest = await this.options.store.get(id);
      if (latest) watch.offer(latest);
    } catch (error) {
      await watch.return();
      throw error;
    }
    return watch;
  }

  /**
   * Resumes polling of every unfinished job in the store (after a restart); returns how many there are.
   * With leases shared between processes, it then looks again every `checkEveryMs` until stopped.
   */
  async resume(): Promise<number> {
    const pending = await this.options.store.listPending();
    for (const job of pending) this.follow(job.id, this.options.config.pollInitialMs);
    this.startSweeping();
    return pending.length;
  }

  /** Stops polling, and gives up the leases this process holds (another process takes their jobs over). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    const followed = [...this.polls];
    for (const [id, state] of followed) {
      if (state.timer) clearTimeout(state.timer);
      this.unfollow(id, state);
    }
    await Promise.allSettled([...this.running]);
    await Promise.all(followed.map(([id, state]) => this.release(id, state)));
  }

  /** With shared leases, starts looking for pending jobs nobody polls (once; until stopped). */
  private startSweeping(): void {
    const every = this.leases.checkEveryMs;
    if (every !== null && this.sweepTimer === null) this.sweepLater(every);
  }

  /** Follows, after `delay`, the pending jobs this process does not follow; then again, until stopped. */
  private sweepLater(delay: number): void {
    if (this.stopped) return;
    this.sweepTimer = setTimeout(() => {
      const run = this.options.store
        .listPending()
        .then((pending) => {
          for (const job of pending) this.follow(job.id, this.options.config.pollInitialMs);
        })
        .catch((error: unknown) => {
          this.options.logger.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'pending jobs could not be listed',
          );
        })
        .finally(() => {
          this.running.delete(run);
          this.sweepLater(delay);
        });
      this.running.add(run);
    }, delay);
    this.sweepTimer.unref();
  }

  private kind(name: string): JobKind<unknown, unknown> {
    const kind = this.kinds.get(name);
    if (!kind) throw new Error(`Unknown job kind ${name}`);
    return kind;
  }

  private follow(id: string, delay: number): void {
    if (this.stopped || this.polls.has(id)) return;
    const state: PollState = {
      timer: null,
      delay,
      permanentFailures: 0,
      kind: null,
      leased: false,
      finishing: false,
      createdAt: null,
      reportedLong: false,
    };
    this.polls.set(id, state);
    this.schedule(id, state);
    // Should another process take this job's lease and then die, this one takes it over.
    this.startSweeping();
  }

  /** Stops following a job; the gauge of followed jobs counts it by kind once its record was read. */
  private unfollow(id: string, state: PollState): void {
    if (this.polls.get(id) !== state) return;
    this.polls.delete(id);
    if (state.kind !== null) jobsFollowed.dec({ kind: state.kind });
  }

  private schedule(id: string, state: PollState): void {
    if (this.stopped) return;
    state.timer = setTimeout(() => {
      state.timer = null;
      const run = this.pollOnce(id, state)
        .catch((error: unknown) => {
          // The store or event bus failed, not the upstream: keep following the job.
          this.options.logger.error(
            { jobId: id, err: error instanceof Error ? error.message : String(error) },
            'job poll could not be recorded',
          );
          this.backOff(id, state);
        })
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }, state.delay);
    state.timer.unref();
  }

  /** Gives up the job's lease if this process took it; a failure is only logged (the lease runs out). */
  private async release(id: string, state: PollState): Promise<void> {
    if (!state.leased) return;
    state.leased = false;
    try {
      await this.leases.release(id);
    } catch (error) {
      this.options.logger.warn(
        { jobId: id, err: error instanceof Error ? error.message : String(error) },
        'job lease could not be released',
      );
    }
  }

  /** Stops following a job for good (it is final or gone) and gives up its lease. */
  private async leave(id: string, state: PollState): Promise<void> {
    this.unfollow(id, state);
    await this.release(id, state);
  }

  private async pollOnce(id: string, state: PollState): Promise<void> {
    if (!(await this.leases.acquire(id))) {
      // Another process polls it; the sweep tries again while the job is pending.
      state.leased = false;
      this.unfollow(id, state);
      return;
    }
    state.leased = true;
    const job = await this.options.store.get(id);
    if (!job || isFinal(job.status)) {
      // Stored by this loop, perhaps not announced (the store answered, the event bus did not): again.
      if (job && state.finishing) await this.options.events.publish(job);
      await this.leave(id, state);
      return;
    }
    state.finishing = false;
    if (state.kind === null) {
      state.kind = job.kind;
      state.createdAt = job.createdAt;
      jobsFollowed.inc({ kind: job.kind });
    }
    const kind = this.kind(job.kind);
    const abandoned = kind.abandoned?.(job, this.clock.now());
    if (abandoned) {
      // Only as read: a job that moved since (its sender went on after all) is polled again.
      state.finishing = true;
      if (await this.record(job, { status: 'FAILED', failure: abandoned })) await this.leave(id, state);
      else {
        state.finishing = false;
        this.backOff(id, state);
      }
      return;
    }
    this.reportLongPending(job, state);
    const outcome = await this.ask(job, state);
    const maxAgeMs = kind.maxAgeOf?.(job) ?? kind.maxAgeMs ?? this.options.config.maxAgeMs;
    const progress = outcome?.status === 'PENDING' ? outcome.progress : undefined;
    const current = progress === undefined ? job : await this.progress(job, progress);
    if ((outcome === null || outcome.status === 'PENDING') && this.clock.now() - job.createdAt < maxAgeMs) {
      this.backOff(id, state);
      return;
    }
    const final: FinalOutcome =
      outcome !== null && outcome.status !== 'PENDING'
        ? outcome
        : {
            status: 'FAILED',
            failure: { code: 'JOB_EXPIRED', message: 'The upstream gave no final answer within the job lifetime.' },
          };
    state.finishing = true;
    if (!(await this.settle(current, final))) {
      // Changed meanwhile and not stored: poll it again rather than leave a pending job unfollowed.
      state.finishing = false;
      this.backOff(id, state);
      return;
    }
    await this.leave(id, state);
  }

  private backOff(id: string, state: PollState): void {
    state.delay = this.nextDelay(state.delay, state.createdAt);
    this.schedule(id, state);
  }

  /** The wait after `delay` for a job made at `createdAt`: longer by the backoff, within the job's cap. */
  private nextDelay(delay: number, createdAt: number | null): number {
    const age = createdAt === null ? 0 : this.clock.now() - createdAt;
    const cap = Math.max(
      this.options.config.pollMaxMs,
      Math.min(LONGEST_WAIT_BETWEEN_POLLS_MS, age * AGE_FRACTION_BETWEEN_POLLS),
    );
    return Math.min(Math.ceil(delay * BACKOFF_FACTOR), cap);
  }

  /** Logs, once, a job still pending long after it was made (an action whose upstream gives no word). */
  private reportLongPending(job: JobRecord, state: PollState): void {
    const ageMs = this.clock.now() - job.createdAt;
    if (state.reportedLong || ageMs < LONG_PENDING_MS) return;
    state.reportedLong = true;
    this.options.logger.warn(
      { jobId: job.id, kind: job.kind, ref: job.ref, ageMs },
      'job still pending an hour after it was made: the upstream has given no final word yet',
    );
  }

  /** The poll's outcome; null when the poll failed in a way that may pass (keep polling). */
  private async ask(job: JobRecord, state: PollState): Promise<PollOutcome<unknown> | null> {
    try {
      const outcome = await this.kind(job.kind).poll(this.options.upstream, job.ref, job.input, job.result);
      state.permanentFailures = 0;
      return outcome;
    } catch (error) {
      const permanent =
        error instanceof UpstreamError &&
        (error.details.code === ErrorCode.UpstreamRejected || error.details.code === ErrorCode.NotFound);
      this.options.logger.warn(
        { jobId: job.id, kind: job.kind, err: error instanceof Error ? error.message : String(error) },
        'job poll failed',
      );
      if (!permanent) return null;
      state.permanentFailures += 1;
      if (state.permanentFailures < PERMANENT_FAILURE_LIMIT) return null;
      return { status: 'FAILED', failure: failureFrom(error) };
    }
  }

  /**
   * Stores a final answer of the upstream; when the job changed since it was read (its result so far,
   * stored by another writer), stores it over the latest version once. True when the job is final in
   * the store, by this answer or another.
   */
  private async settle(job: JobRecord, outcome: FinalOutcome): Promise<boolean> {
    if (await this.record(job, outcome)) return true;
    const latest = await this.options.store.get(job.id);
    if (!latest) return false;
    return isFinal(latest.status) || this.record(latest, outcome);
  }

  private async record(job: JobRecord, outcome: FinalOutcome): Promise<boolean> {
    const next: JobRecord = {
      ...job,
      status: outcome.status,
      // A failed job keeps the result it had so far (an SMS whose delivery report never became final).
      result: outcome.status === 'SUCCESS' ? outcome.result : job.result,
      failure: outcome.status === 'FAILED' ? outcome.failure : null,
      updatedAt: this.clock.now(),
      version: job.version + 1,
    };
    if (!(await this.options.store.replace(next, job.version))) return false;
    jobTransitions.inc({ kind: job.kind, status: next.status });
    await this.options.events.publish(next);
    return true;
  }
}

function failureFrom(error: UpstreamError): JobFailure {
  return { code: error.details.upstreamCode ?? error.details.code, message: error.message };
}
