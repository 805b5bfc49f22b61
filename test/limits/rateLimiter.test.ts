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

  it('keeps, when it sweeps, a caller whose spent burst has not refilled yet', () => {
    // Refills in 10 s: the first sweep comes 10 s after the limiter was made.
    const { clock, limiter: l } = limiter(1, 10);
    clock.now += 5_000;
    for (let i = 0; i < 10; i += 1) expect(l.take('spender')).toBeNull();
    clock.now += 5_000;
    expect(l.take('other')).toBeNull();
    expect(l.tracked).toBe(2);
    // Five seconds refilled five operations, not ten.
    for (let i = 0; i < 5; i += 1) expect(l.take('spender')).toBeNull();
    expect(l.take('spender')).toBeCloseTo(1);
  });

  it('sweeps at most once a second however fast a bucket refills', () => {
    const { clock, limiter: l } = limiter(100, 1);
    for (let i = 0; i < 10; i += 1) l.take(`caller-${i}`);
    clock.now += 999;
    l.take('late');
    expect(l.tracked).toBe(11);
    clock.now += 1;
    l.take('later');
    // The ten are gone; 'late', spent a millisecond ago, is kept.
    expect(l.tracked).toBe(2);
  });

  it('says how long until the next operation when part of one is already refilled', () => {
    const { clock, limiter: l } = limiter(2, 3);
    for (let i = 0; i < 3; i += 1) l.take('a');
    clock.now += 250;
    // Half an operation refilled: the other half takes a quarter of a second at two a second.
    expect(l.take('a')).toBeCloseTo(0.25);
    clock.now += 200;
    expect(l.take('a')).toBeCloseTo(0.05);
    clock.now += 50;
    expect(l.take('a')).toBeNull();
  });

  it('refuses options that admit nothing', () => {
    const message = 'a rate limit needs perSecond > 0 and burst >= 1';
    for (const [perSecond, burst] of [
      [0, 5],
      [-1, 5],
      [Number.NaN, 5],
      [1, 0.99],
      [1, 0],
      [1, Number.NaN],
    ] as const) {
      expect(() => new CallerRateLimiter({ perSecond, burst }), `${perSecond}/s, burst ${burst}`).toThrow(
        new RangeError(message),
      );
    }
    expect(new CallerRateLimiter({ perSecond: 0.001, burst: 1 }).take('a')).toBeNull();
  });

  it('sweeps once per refill time, dropping a bucket refilled to the last token', () => {
    // Two operations, one a second: refilled two seconds after it was spent, swept every two seconds.
    const { clock, limiter: l } = limiter(1, 2);
    l.take('a');
    l.take('a');
    clock.now += 1_000;
    l.take('b');
    l.take('b');
    clock.now += 1_000;
    l.take('c');
    // 'a' has just refilled and is dropped; 'b' has not.
    expect(l.tracked).toBe(2);

    // Ten operations, one a second: no sweep before ten seconds, though a bucket refills sooner.
    const slow = limiter(1, 10);
    slow.limiter.take('a');
    slow.clock.now += 1_000;
    slow.limiter.take('b');
    expect(slow.limiter.tracked).toBe(2);
  });
});
