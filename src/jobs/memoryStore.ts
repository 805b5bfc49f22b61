import { systemClock, type Clock } from '../lib/clock.js';
import type { JobRecord, JobStore } from './types.js';

/** The longest delay a Node timer takes (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Jobs in this process's memory. Finished jobs are forgotten `retentionMs` after they finish. */
export class MemoryJobStore implements JobStore {
  private readonly jobs = new Map<string, JobRecord>();
  private readonly expiry = new Set<NodeJS.Timeout>();

  constructor(
    private readonly retentionMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  async insert(job: JobRecord): Promise<boolean> {
    if (this.jobs.has(job.id)) return false;
    this.jobs.set(job.id, job);
    return true;
  }

  async get(id: string): Promise<JobRecord | null> {
    return this.jobs.get(id) ?? null;
  }

  async replace(job: JobRecord, expectedVersion: number): Promise<boolean> {
    const stored = this.jobs.get(job.id);
    if (!stored || stored.version !== expectedVersion) return false;
    this.jobs.set(job.id, job);
    if (job.status !== 'PENDING') this.forgetLater(job);
    return true;
  }

  async listPending(): Promise<JobRecord[]> {
    return [...this.jobs.values()].filter((job) => job.status === 'PENDING');
  }

  async close(): Promise<void> {
    for (const timer of this.expiry) clearTimeout(timer);
    this.expiry.clear();
  }

  private forgetLater(job: JobRecord): void {
    const delay = Math.max(this.retentionMs, (job.retainUntil ?? 0) - this.clock.now());
    const timer = setTimeout(
      () => {
        this.expiry.delete(timer);
        this.jobs.delete(job.id);
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    timer.unref();
    this.expiry.add(timer);
  }
}
