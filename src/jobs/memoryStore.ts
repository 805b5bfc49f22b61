import type { JobRecord, JobStore } from './types.js';

/** Jobs in this process's memory. Finished jobs are forgotten `retentionMs` after they finish. */
export class MemoryJobStore implements JobStore {
  private readonly jobs = new Map<string, JobRecord>();
  private readonly expiry = new Set<NodeJS.Timeout>();

  constructor(private readonly retentionMs: number) {}

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
    if (job.status !== 'PENDING') this.forgetLater(job.id);
    return true;
  }

  async listPending(): Promise<JobRecord[]> {
    return [...this.jobs.values()].filter((job) => job.status === 'PENDING');
  }

  async close(): Promise<void> {
    for (const timer of this.expiry) clearTimeout(timer);
    this.expiry.clear();
  }

  private forgetLater(id: string): void {
    const timer = setTimeout(() => {
      this.expiry.delete(timer);
      this.jobs.delete(id);
    }, this.retentionMs);
    timer.unref();
    this.expiry.add(timer);
  }
}
