import { isFinal, type JobEvents, type JobRecord, type JobSubscription } from './types.js';

/**
 * Follows one job: yields its current state, then each newer version, and ends after a final
 * state. `return()` (a client unsubscribing) ends it at once, without waiting for another event.
 */
export class JobWatch implements AsyncIterableIterator<JobRecord> {
  private readonly queue: JobRecord[] = [];
  private waiter: ((result: IteratorResult<JobRecord>) => void) | null = null;
  private lastVersion = -1;
  private done = false;
  private readonly subscription: JobSubscription;
  /** Resolves once every change published from now on reaches this watch; rejects when the events failed. */
  readonly ready: Promise<void>;

  constructor(events: JobEvents, id: string, current: JobRecord) {
    this.subscription = events.subscribe(id, (job) => this.push(job));
    this.ready = this.subscription.ready;
    this.push(current);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<JobRecord>> {
    const job = this.queue.shift();
    if (job) {
      if (isFinal(job.status)) this.finish();
      return Promise.resolve({ value: job, done: false });
    }
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiter = resolve));
  }

  return(): Promise<IteratorResult<JobRecord>> {
    this.queue.length = 0;
    this.finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  /** Yields `job` if it is newer than anything yielded or queued so far; ignores it otherwise. */
  offer(job: JobRecord): void {
    this.push(job);
  }

  private push(job: JobRecord): void {
    if (this.done || job.version <= this.lastVersion) return;
    this.lastVersion = job.version;
    if (this.waiter) {
      const resolve = this.waiter;
      this.waiter = null;
      if (isFinal(job.status)) this.finish();
      resolve({ value: job, done: false });
    } else {
      this.queue.push(job);
    }
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.subscription.unsubscribe();
    const resolve = this.waiter;
    this.waiter = null;
    resolve?.({ value: undefined, done: true });
  }
}
