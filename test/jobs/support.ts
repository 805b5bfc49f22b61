/** Fakes and helpers of the job engine tests. */
import type { JobsConfig } from '../../src/config.js';
import type { UpstreamAccess } from '../../src/datasources/shared/requestUpstream.js';
import { ErrorCode, UpstreamError } from '../../src/errors.js';
import { JobEngine } from '../../src/jobs/engine.js';
import { MemoryJobEvents } from '../../src/jobs/memoryEvents.js';
import { MemoryJobStore } from '../../src/jobs/memoryStore.js';
import type { JobKind, JobRecord, JobStore, PollOutcome } from '../../src/jobs/types.js';
import { createLogger } from '../../src/logger.js';

export const silentLogger = createLogger('silent');

export interface FakeInput {
  readonly bill: string;
}

export interface FakeResult {
  readonly amount: string;
}

export const PENDING: PollOutcome<FakeResult> = { status: 'PENDING' };
export const success = (amount: string): PollOutcome<FakeResult> => ({ status: 'SUCCESS', result: { amount } });

export const rejected = (upstreamCode?: string) =>
  new UpstreamError({
    code: ErrorCode.UpstreamRejected,
    message: 'The upstream rejected the request.',
    operationId: 'billingInquiryStatusPoll',
    httpStatus: 400,
    ...(upstreamCode !== undefined && { upstreamCode }),
  });

export const unavailable = () =>
  new UpstreamError({
    code: ErrorCode.UpstreamUnavailable,
    message: 'The upstream failed to answer.',
    operationId: 'billingInquiryStatusPoll',
  });

export const notFound = () =>
  new UpstreamError({
    code: ErrorCode.NotFound,
    message: 'The upstream found no such record.',
    operationId: 'billingInquiryStatusPoll',
  });

/** One poll's answer: an outcome, an error to throw, or a function deciding it when the poll runs. */
export type Step = PollOutcome<FakeResult> | Error | (() => Promise<PollOutcome<FakeResult>>);

export interface SeenPoll {
  readonly at: number;
  readonly ref: string;
  readonly input: FakeInput;
  readonly upstream: Pick<UpstreamAccess, 'send'>;
}

/**
 * A job kind whose polls answer from a script (the last step repeats). Records every submit and poll.
 */
export class ScriptedKind implements JobKind<FakeInput, FakeResult> {
  readonly submits: Array<{ readonly input: FakeInput; readonly upstream: Pick<UpstreamAccess, 'send'> }> = [];
  readonly polls: SeenPoll[] = [];
  submitFailure: Error | null = null;

  constructor(
    private readonly steps: readonly Step[],
    readonly name = 'fake',
  ) {}

  async submit(upstream: Pick<UpstreamAccess, 'send'>, input: FakeInput): Promise<string> {
    this.submits.push({ input, upstream });
    if (this.submitFailure) throw this.submitFailure;
    return `ref-${this.submits.length}`;
  }

  async poll(upstream: Pick<UpstreamAccess, 'send'>, ref: string, input: FakeInput): Promise<PollOutcome<FakeResult>> {
    const step = this.steps[Math.min(this.polls.length, this.steps.length - 1)];
    this.polls.push({ at: Date.now(), ref, input, upstream });
    if (step === undefined) throw new Error('empty script');
    if (step instanceof Error) throw step;
    if (typeof step === 'function') return step();
    return step;
  }

  pollsOf(ref: string): number {
    return this.polls.filter((poll) => poll.ref === ref).length;
  }
}

/** MemoryJobEvents that also keeps every published record. */
export class RecordingEvents extends MemoryJobEvents {
  readonly published: JobRecord[] = [];

  override async publish(job: JobRecord): Promise<void> {
    this.published.push(job);
    await super.publish(job);
  }
}

/** A JobStore over a MemoryJobStore that counts replaces. */
export class CountingStore implements JobStore {
  replaces = 0;

  constructor(readonly inner: JobStore = new MemoryJobStore(60_000)) {}

  insert(job: JobRecord): Promise<boolean> {
    return this.inner.insert(job);
  }

  get(id: string): Promise<JobRecord | null> {
    return this.inner.get(id);
  }

  async replace(job: JobRecord, expectedVersion: number): Promise<boolean> {
    this.replaces += 1;
    return this.inner.replace(job, expectedVersion);
  }

  listPending(): Promise<JobRecord[]> {
    return this.inner.listPending();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** The engine's upstream: jobs' kinds get it; the fake kinds never call it. */
export const fakeUpstream: Pick<UpstreamAccess, 'send'> = {
  send: () => Promise.reject(new Error('the fake kinds do not call the upstream')),
};

export const FAST: JobsConfig = {
  pollInitialMs: 10,
  pollMaxMs: 30,
  maxAgeMs: 60_000,
  leaseMs: 5_000,
  actionKeyRetentionMs: 60_000,
  actionTrackSecret: null,
};

export interface Setup {
  readonly engine: JobEngine;
  readonly store: CountingStore;
  readonly events: RecordingEvents;
}

export function newEngine(
  kinds: readonly JobKind<FakeInput, FakeResult>[],
  options: { store?: CountingStore; events?: RecordingEvents; config?: Partial<JobsConfig>; now?: () => number } = {},
): Setup {
  const store = options.store ?? new CountingStore();
  const events = options.events ?? new RecordingEvents();
  const engine = new JobEngine({
    store,
    events,
    kinds,
    upstream: fakeUpstream,
    config: { ...FAST, ...options.config },
    logger: silentLogger,
    ...(options.now && { clock: { now: options.now } }),
  });
  return { engine, store, events };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves with the iterator's next result, or rejects if none comes within `ms`. */
export function nextWithin<T>(iterator: AsyncIterator<T>, ms = 1_000): Promise<IteratorResult<T>> {
  return within(iterator.next(), ms);
}

export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no result within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
