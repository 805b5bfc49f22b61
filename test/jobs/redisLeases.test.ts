/** RedisJobLeases against a real Redis: one holder per job, kept while held, taken over once it runs out. */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RedisJobLeases } from '../../src/jobs/redisLeases.js';
import { eventually } from '../helpers/eventually.js';
import { deleteKeys, keysUnder, randomPrefix, testRedis } from '../helpers/redis.js';
import { silentLogger } from './support.js';

const redis = testRedis();
const prefixes: string[] = [];
const leases: RedisJobLeases[] = [];

function newLeases(keyPrefix: string, leaseMs: number, owner?: string): RedisJobLeases {
  if (!prefixes.includes(keyPrefix)) prefixes.push(keyPrefix);
  const made = new RedisJobLeases(redis, { keyPrefix, leaseMs, logger: silentLogger, ...(owner && { owner }) });
  leases.push(made);
  return made;
}

afterEach(async () => {
  await Promise.all(leases.splice(0).map((lease) => lease.close()));
  for (const prefix of prefixes.splice(0)) await deleteKeys(redis, prefix);
});
afterAll(() => redis.quit());

describe('RedisJobLeases', () => {
  it('grants a job’s lease to one process at a time, and again to its holder', async () => {
    const prefix = randomPrefix();
    const one = newLeases(prefix, 10_000, 'one');
    const two = newLeases(prefix, 10_000, 'two');

    expect(await one.acquire('a')).toBe(true);
    expect(await two.acquire('a')).toBe(false);
    expect(await one.acquire('a')).toBe(true);
    expect(await two.acquire('b')).toBe(true);
    expect(await one.acquire('b')).toBe(false);
    expect((await keysUnder(redis, prefix)).sort()).toEqual([`${prefix}job-lease:a`, `${prefix}job-lease:b`]);
    expect(await redis.get(`${prefix}job-lease:a`)).toBe('one');
    const ttl = await redis.pttl(`${prefix}job-lease:a`);
    expect(ttl).toBeGreaterThan(5_000);
    expect(ttl).toBeLessThanOrEqual(10_000);
  });

  it('lets only its holder release a lease; then another process takes it', async () => {
    const prefix = randomPrefix();
    const one = newLeases(prefix, 10_000);
    const two = newLeases(prefix, 10_000);
    await one.acquire('a');

    await two.release('a');
    expect(await two.acquire('a')).toBe(false);
    await one.release('a');
    expect(await redis.exists(`${prefix}job-lease:a`)).toBe(0);
    expect(await two.acquire('a')).toBe(true);
  });

  it('keeps a lease its holder holds past the lease duration, renewing it', async () => {
    const prefix = randomPrefix();
    const leaseMs = 200;
    const one = newLeases(prefix, leaseMs);
    const two = newLeases(prefix, leaseMs);
    await one.acquire('a');

    const until = Date.now() + 4 * leaseMs;
    let grantedToAnother = false;
    await eventually(
      async () => {
        if (await two.acquire('a')) grantedToAnother = true;
        return Date.now() > until;
      },
      { what: 'four lease durations', timeoutMs: 20 * leaseMs, intervalMs: 20 },
    );
    expect(grantedToAnother).toBe(false);
    expect(await redis.get(`${prefix}job-lease:a`)).not.toBeNull();
  });

  it('lets a lease its holder stopped keeping run out; another process then takes it', async () => {
    const prefix = randomPrefix();
    const leaseMs = 200;
    const dead = newLeases(prefix, leaseMs);
    const alive = newLeases(prefix, leaseMs);
    await dead.acquire('a');
    await dead.close();

    expect(await alive.acquire('a')).toBe(false);
    await eventually(() => alive.acquire('a'), { what: 'the lease to run out', timeoutMs: 10 * leaseMs });
    expect(await dead.acquire('a')).toBe(false);
  });

  it('tells a holder that lost its lease (it stalled past it) that another holds it now', async () => {
    const prefix = randomPrefix();
    const one = newLeases(prefix, 10_000);
    const two = newLeases(prefix, 10_000);
    await one.acquire('a');
    await redis.del(`${prefix}job-lease:a`);
    await two.acquire('a');

    expect(await one.acquire('a')).toBe(false);
    expect(await redis.get(`${prefix}job-lease:a`)).not.toBeNull();
    await one.release('a');
    expect(await one.acquire('a')).toBe(false);
  });

  it('asks processes to look for leases to take over every half lease', () => {
    expect(newLeases(randomPrefix(), 5_000).checkEveryMs).toBe(2_500);
  });
});
