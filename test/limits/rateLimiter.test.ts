import { describe, expect, it } from 'vitest';
import { CallerRateLimiter } from '../../src/limits/rateLimiter.js';

function limiter(perSecond: number, burst: number) {
  const clock = { now: 1_000_000 };
  return { clock, limiter: new CallerRateLimiter({ perSecond, burst, clock: { now: () => clock.now } }) };
}

describe('the per-caller rate limit', () => {
  it('admits a burst, then refuses with the seconds until the next operation is allowed', () => {
    const { limiter: l } = limiter(2, 3);
    expect([l.take('a'), l.take('a'), l.take('a')]).toEqual([null, null, null]);
    expect(l.take('a')).toBeCloseTo(0.5);
  });

  it('refills at the sustained rate', () => {
    const { clock, limiter: l } = limiter(2, 2);
    l.take('a');
    l.take('a');
    expect(l.take('a')).not.toBeNull();
    clock.now += 500;
    expect(l.take('a')).toBeNull();
    expect(l.take('a')).not.toBeNull();
  });

  it('keeps callers apart', () => {
    const { limiter: l } = limiter(1, 1);
    expect(l.take('a')).toBeNull();
    expect(l.take('a')).not.toBeNull();
    expect(l.take('b')).toBeNull();
  });

  it('forgets callers whose allowance has refilled', () => {
    const { clock, limiter: l } = limiter(10, 10);
    for (let i = 0; i < 1_000; i += 1) l.take(`caller-${i}`);
    expect(l.tracked).toBe(1_000);
    clock.now += 2_000;
    l.take('late');
    expect(l.tracked).toBe(1);
  });
});
