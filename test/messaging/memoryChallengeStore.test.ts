/** MemoryChallengeStore: the ChallengeStore contract, and how long it keeps a challenge. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryChallengeStore } from '../../src/oneTimePasswords/memoryStore.js';
import { describeChallengeStore } from './challengeStoreContract.js';

describeChallengeStore((clock) => new MemoryChallengeStore({ now: () => clock.now }));

describe('challenges in memory', () => {
  const NOW = 1_700_000_000_000;
  const record = (expiresAt: number) => ({ digest: 'ab'.repeat(32), expiresAt, attemptsLeft: 5 });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('forgets a challenge a lifetime past its expiry, not before', async () => {
    vi.useFakeTimers();
    const store = new MemoryChallengeStore({ now: () => NOW });
    await store.create('a', record(NOW + 60_000));
    vi.advanceTimersByTime(120_000 - 1);
    expect(await store.get('a')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(await store.get('a')).toBeNull();
    await store.close();
  });

  it('forgets a challenge created expired at once', async () => {
    vi.useFakeTimers();
    const store = new MemoryChallengeStore({ now: () => NOW });
    await store.create('a', record(NOW - 60_000));
    expect(await store.get('a')).not.toBeNull();
    vi.advanceTimersByTime(0);
    expect(await store.get('a')).toBeNull();
    await store.close();
  });

  it('leaves no timer behind once closed', async () => {
    vi.useFakeTimers();
    const store = new MemoryChallengeStore({ now: () => NOW });
    await store.create('a', record(NOW + 60_000));
    await store.create('b', record(NOW + 60_000));
    expect(vi.getTimerCount()).toBe(2);
    await store.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
