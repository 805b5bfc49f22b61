import type { GraphQLError } from 'graphql';
import { rateLimitedError } from '../errors.js';
import { limitsHit } from '../observability/metrics.js';

export interface InFlightBounds {
  /** Operations one caller may have running at once; null for no bound. */
  readonly perCaller: number | null;
  /** Operations the process may have running at once; null for no bound. */
  readonly perProcess: number | null;
}

/** Frees the place an admitted operation held. Calling it again does nothing. */
export type Release = () => void;

const CALLER_BUSY = 'Too many operations from this caller are running; retry when one has finished.';
const PROCESS_BUSY = 'This replica is running as many operations as it takes; retry shortly.';

/**
 * Counts the operations running, per caller and in all, and refuses one past either bound with
 * RATE_LIMITED (retry after a second) rather than queueing it without end. A caller's count is forgotten
 * when it reaches zero, so the map holds only callers with something running.
 */
export class InFlightOperations {
  private readonly byCaller = new Map<string, number>();
  private total = 0;

  constructor(private readonly bounds: InFlightBounds) {}

  /** Admits one operation of `callerId`: the function that frees its place, or the refusal. */
  admit(callerId: string, options: { http?: boolean } = {}): Release | GraphQLError {
    const { perCaller, perProcess } = this.bounds;
    if (perProcess !== null && this.total >= perProcess) {
      limitsHit.inc({ limit: 'processOperations' });
      return rateLimitedError(1, PROCESS_BUSY, options);
    }
    const running = this.byCaller.get(callerId) ?? 0;
    if (perCaller !== null && running >= perCaller) {
      limitsHit.inc({ limit: 'callerOperations' });
      return rateLimitedError(1, CALLER_BUSY, options);
    }
    this.byCaller.set(callerId, running + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byCaller.get(callerId) ?? 1) - 1;
      if (left > 0) this.byCaller.set(callerId, left);
      else this.byCaller.delete(callerId);
    };
  }

  /** Operations running now: in all, and of `callerId`. */
  running(callerId?: string): number {
    return callerId === undefined ? this.total : (this.byCaller.get(callerId) ?? 0);
  }

  /** Callers with an operation running (what the per-caller map holds). */
  get callers(): number {
    return this.byCaller.size;
  }
}
