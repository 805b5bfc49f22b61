/**
 * Clocks for tests, to give the subgraph and the sandbox (`startHarness({ clock })`, `startSandbox({ clock })`,
 * `startServer(config, { clock })`) a time of day that does not depend on the day the suite runs.
 */
import { performance } from 'node:perf_hooks';
import type { Clock } from '../../src/lib/clock.js';

/** Epoch ms of an ISO-8601 instant (or epoch ms as they are). */
function instantOf(at: number | string): number {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(at)}`);
  return ms;
}

/**
 * A clock that reads `start` when it is made and runs on from there with real time, measured by the
 * monotonic clock: a test fixes the day, yet expiries and timeouts still come, whatever the wall clock does.
 */
export function clockFrom(start: number | string): Clock {
  const startMs = instantOf(start);
  const origin = performance.now();
  return { now: () => startMs + Math.floor(performance.now() - origin) };
}

/** A clock that stands still until the test moves it. */
export class ManualClock implements Clock {
  private at: number;

  constructor(start: number | string) {
    this.at = instantOf(start);
  }

  now(): number {
    return this.at;
  }

  /** Moves to `at`, forward or back. */
  set(at: number | string): void {
    this.at = instantOf(at);
  }

  advance(ms: number): void {
    this.at += ms;
  }
}
