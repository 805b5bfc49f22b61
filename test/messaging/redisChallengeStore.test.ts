/** RedisChallengeStore against a real Redis: the ChallengeStore contract, its keys' lifetimes, and keys it did not write. */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RedisChallengeStore } from '../../src/oneTimePasswords/redisStore.js';
import { deleteKeys, keysUnder, randomPrefix, testRedis } from '../helpers/redis.js';
import { describeChallengeStore } from './challengeStoreContract.js';

const redis = testRedis();
const prefixes: string[] = [];

function newStore(now: () => number, keyPrefix = randomPrefix()): RedisChallengeStore {
  prefixes.push(keyPrefix);
  return new RedisChallengeStore(redis, keyPrefix, { now });
}

afterEach(async () => {
  for (const prefix of prefixes.splice(0)) await deleteKeys(redis, prefix);
});
afterAll(() => redis.quit());

describeChallengeStore((clock) => newStore(() => clock.now));

describe('challenges in Redis', () => {
  it('keeps a challenge under the prefix a lifetime past its expiry, then lets Redis forget it', async () => {
    const prefix = randomPrefix();
    const store = newStore(Date.now, prefix);
    await store.create('a', { digest: 'cd'.repeat(32), expiresAt: Date.now() + 60_000, attemptsLeft: 5 });
    expect(await keysUnder(redis, prefix)).toEqual([`${prefix}otp:a`]);
    const ttl = await redis.pttl(`${prefix}otp:a`);
    expect(ttl).toBeGreaterThan(110_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
  });

  it('fails to create a challenge when Redis refuses a command of the transaction', async () => {
    const prefix = randomPrefix();
    const store = newStore(Date.now, prefix);
    await redis.set(`${prefix}otp:a`, 'not a hash');
    await expect(
      store.create('a', { digest: 'cd'.repeat(32), expiresAt: Date.now() + 60_000, attemptsLeft: 5 }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/one-time password store does not answer/),
      cause: expect.objectContaining({ message: expect.stringMatching(/WRONGTYPE/) }),
    });
  });

  it.each(['digest', 'expiresAt', 'attemptsLeft'])('reads a challenge without its %s as none', async (field) => {
    const prefix = randomPrefix();
    const store = newStore(Date.now, prefix);
    const fields: Record<string, string> = { digest: 'cd'.repeat(32), expiresAt: '1', attemptsLeft: '5' };
    delete fields[field];
    await redis.hset(`${prefix}otp:a`, fields);
    expect(await store.get('a')).toBeNull();
  });
});
