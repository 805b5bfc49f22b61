import { systemClock, type Clock } from '../lib/clock.js';
export interface RateLimitOptions {
  /** Operations a caller may start per second, sustained. */
  readonly perSecond: number;
  /** Operations a caller may start at once after being idle. */
  readonly burst: number;
  readonly clock?: Clock;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per caller, in this process's memory. A bucket that has refilled is the same as no
 * bucket, so full ones are dropped (at most once per refill time): idle callers cost nothing.
 */
export class CallerRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly clock: Clock;
  private readonly refillMs: number;
  private lastSweep: number;

  constructor(private readonly options: RateLimitOptions) {
    if (!(options.perSecond > 0) || !(options.burst >= 1))
      throw new RangeError('a rate limit needs perSecond > 0 and burst >= 1');
    this.clock = options.clock ?? systemClock;
    this.refillMs = Math.max(1_000, (options.burst / options.perSecond) * 1_000);
    this.lastSweep = this.clock.now();
  }

  /** Takes one operation from `caller`'s allowance: null when admitted, else the seconds until one is free. */
  take(caller: string): number | null {
    const now = this.clock.now();
    this.sweep(now);
    const { perSecond, burst } = this.options;
    const bucket = this.buckets.get(caller) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1_000) * perSecond);
    bucket.at = now;
    this.buckets.set(caller, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    return (1 - bucket.tokens) / perSecond;
  }

  /** Callers with a bucket not yet refilled. */
  get tracked(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.refillMs) return;
    this.lastSweep = now;
    for (const [caller, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1_000) * this.options.perSecond >= this.options.burst)
        this.buckets.delete(caller);
    }
  }
}
