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

/** Change notifications, delivered to every subscriber of a job id. */
export interface JobEvents {
  publish(job: JobRecord): Promise<void>;
  subscribe(id: string, listener: (job: JobRecord) => void): () => void;
  close(): Promise<void>;
}
