import type { JobEvents, JobRecord, JobSubscription } from './types.js';

/** Job change notifications within this process. */
export class MemoryJobEvents implements JobEvents {
  private readonly listeners = new Map<string, Set<(job: JobRecord) => void>>();

  async publish(job: JobRecord): Promise<void> {
    for (const listener of this.listeners.get(job.id) ?? []) listener(job);
  }

  subscribe(id: string, listener: (job: JobRecord) => void): JobSubscription {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(listener);
    return {
      ready: Promise.resolve(),
      unsubscribe: () => {
        set.delete(listener);
        if (set.size === 0 && this.listeners.get(id) === set) this.listeners.delete(id);
      },
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  /** Number of job ids with at least one listener (for leak checks). */
  get watchedJobs(): number {
    return this.listeners.size;
  }
}
