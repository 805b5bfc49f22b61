import { onAbort } from './abortListeners.js';
import { TransportError } from './http.js';

/** Who an upstream call is for: the caller (see `callerIdentity`) and the GraphQL operation within it. */
export interface Lane {
  readonly caller: string;
  readonly request: string;
}

/** Calls that no caller asked for (jobs followed in the background) share one lane of their own. */
export const BACKGROUND_LANE: Lane = { caller: 'background', request: 'background' };

interface Waiter {
  start(): void;
}

/** Waiters of one caller, per request; both maps are kept in round-robin order (next first). */
type CallerQueue = Map<string, Set<Waiter>>;

/**
 * Bounds how many tasks run at once. While there is room a task starts at once; when there is none,
 * a freed slot goes to the next caller in turn and, within that caller, to its next request in turn,
 * so a caller with many waiting tasks delays mostly itself. Map insertion order is the ring: the one
 * served moves to the back, and an emptied request or caller is dropped, so nothing lingers.
 */
export class FairScheduler {
  private active = 0;
  private queued = 0;
  private readonly callers = new Map<string, CallerQueue>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
  }

  /**
   * Runs `task` when a slot is free for `lane`. A `signal` aborted while the task waits removes it from
   * the queue and rejects with a TransportError of kind `aborted` (nothing was sent).
   */
  async run<T>(task: () => Promise<T>, lane: Lane = BACKGROUND_LANE, signal?: AbortSignal): Promise<T> {
    if (this.active < this.capacity && this.queued === 0) this.active += 1;
    else await this.wait(lane, signal);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Tasks running now. */
  get inUse(): number {
    return this.active;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.queued;
  }

  /** Callers with at least one waiting task. */
  get waitingCallers(): number {
    return this.callers.size;
  }

  private wait(lane: Lane, signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(new TransportError('aborted', false));
    return new Promise<void>((resolve, reject) => {
      let stopListening = () => {};
      const waiter: Waiter = {
        start: () => {
          stopListening();
          resolve();
        },
      };
      this.enqueue(lane, waiter);
      if (signal)
        stopListening = onAbort(signal, () => {
          this.remove(lane, waiter);
          reject(new TransportError('aborted', false));
        });
    });
  }

  private enqueue(lane: Lane, waiter: Waiter): void {
    let requests = this.callers.get(lane.caller);
    if (!requests) this.callers.set(lane.caller, (requests = new Map<string, Set<Waiter>>()));
    let waiters = requests.get(lane.request);
    if (!waiters) requests.set(lane.request, (waiters = new Set()));
    waiters.add(waiter);
    this.queued += 1;
  }

  private remove(lane: Lane, waiter: Waiter): void {
    const requests = this.callers.get(lane.caller);
    const waiters = requests?.get(lane.request);
    if (!requests || !waiters?.delete(waiter)) return;
    this.queued -= 1;
    if (waiters.size === 0) requests.delete(lane.request);
    if (requests.size === 0) this.callers.delete(lane.caller);
  }

  /** Hands the freed slot to the next waiter, or gives it back. */
  private release(): void {
    const next = this.next();
    if (next) next.start();
    else this.active -= 1;
  }

  private next(): Waiter | undefined {
    const turn = this.callers.entries().next();
    if (turn.done) return undefined;
    const [caller, requests] = turn.value;
    const [request, waiters] = requests.entries().next().value as [string, Set<Waiter>];
    const waiter = waiters.values().next().value as Waiter;
    waiters.delete(waiter);
    this.queued -= 1;
    // To the back of the ring: the request within its caller, the caller among callers.
    requests.delete(request);
    if (waiters.size > 0) requests.set(request, waiters);
    this.callers.delete(caller);
    if (requests.size > 0) this.callers.set(caller, requests);
    return waiter;
  }
}
