import type { UpstreamAccess } from '../datasources/requestUpstream.js';

export type JobStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

export interface JobFailure {
  readonly code: string;
  readonly message: string;
}

/** A job as stored: everything needed to poll it, show it, and resume it after a restart. */
export interface JobRecord<Kind extends string = string, Input = unknown, Result = unknown> {
  readonly id: string;
  readonly kind: Kind;
  readonly status: JobStatus;
  readonly input: Input;
  /** The upstream's handle for the job (for example the bill inquiry's requestId). */
  readonly ref: string;
  readonly result: Result | null;
  readonly failure: JobFailure | null;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Increases by one with every stored change; subscribers use it to skip stale events. */
  readonly version: number;
  /**
   * Epoch milliseconds until which the store keeps the job, finished or not (a transfer keeps its
   * idempotency key this long); the store's own retention applies after that.
   */
  readonly retainUntil?: number;
}

export type PollOutcome<Result> =
  | { readonly status: 'PENDING' }
  | { readonly status: 'SUCCESS'; readonly result: Result }
  | { readonly status: 'FAILED'; readonly failure: JobFailure };

/** One asynchronous upstream flow: how to start it and how to read where it stands. */
export interface JobKind<Input = unknown, Result = unknown> {
  readonly name: string;
  submit(upstream: Pick<UpstreamAccess, 'send'>, input: Input): Promise<string>;
  poll(upstream: Pick<UpstreamAccess, 'send'>, ref: string, input: Input): Promise<PollOutcome<Result>>;
  /** How long a job of this kind is polled before it expires as failed; default the engine's. Infinity: never. */
  readonly maxAgeMs?: number;
}

/** Where jobs live. The in-memory store serves one process; a shared store serves replicas. */
export interface JobStore {
  /** Stores a new job; false, storing nothing, when a job with its id exists (ids double as idempotency keys). */
  insert(job: JobRecord): Promise<boolean>;
  get(id: string): Promise<JobRecord | null>;
  /** Stores `job` only if the stored version is still `expectedVersion`; false when it was not. */
  replace(job: JobRecord, expectedVersion: number): Promise<boolean>;
  /** Resolves when the store answers, quickly; rejects with `SERVICE_UNAVAILABLE` when it does not. */
  ping?(): Promise<void>;
  /** Jobs not yet finished, to resume polling after a restart. */
  listPending(): Promise<JobRecord[]>;
  close(): Promise<void>;
}

/** Change notifications, delivered to every subscriber of a job id. */
export interface JobEvents {
  publish(job: JobRecord): Promise<void>;
  subscribe(id: string, listener: (job: JobRecord) => void): () => void;
  close(): Promise<void>;
}

export const isFinal = (status: JobStatus): boolean => status !== 'PENDING';
