import type { JobRecord } from '../datasources/flows/port.js';

export { isFinal } from '../datasources/flows/port.js';
export type { JobFailure, JobKind, JobRecord, JobStatus, JobUpstream, PollOutcome } from '../datasources/flows/port.js';

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

/** One listener's subscription to the changes of one job. */
export interface JobSubscription {
  /**
   * Resolves once the subscription is in place: every change published after that reaches the listener.
   * Rejects (`SERVICE_UNAVAILABLE`) when it could not be made.
   */
  readonly ready: Promise<void>;
  unsubscribe(): void;
}

/**
 * Change notifications, delivered to every subscriber of a job id: in this process, or (shared) in every
 * process. A notification may be lost with its bus; subscribers skip any not newer than what they hold.
 */
export interface JobEvents {
  publish(job: JobRecord): Promise<void>;
  subscribe(id: string, listener: (job: JobRecord) => void): JobSubscription;
  close(): Promise<void>;
}

/**
 * Who polls a job. At most one process at a time holds a job's lease and polls it; the others leave the
 * job alone and try again now and then, so that when the holder dies its lease runs out and another takes
 * over. In one process every lease is granted.
 */
export interface JobLeases {
  /**
   * How often a process looks for pending jobs it does not poll (held by another, or started by another)
   * and tries to take their leases; null when no other process can hold one.
   */
  readonly checkEveryMs: number | null;
  /**
   * Takes the lease of job `id`, or confirms this process still holds it: true when it does, false when
   * another process holds it. A lease taken is kept (renewed) until released or closed.
   */
  acquire(id: string): Promise<boolean>;
  /** Gives up the lease of job `id`, if this process still holds it. */
  release(id: string): Promise<void>;
  /** Stops keeping leases: those not released run out after the lease duration. */
  close(): Promise<void>;
}
