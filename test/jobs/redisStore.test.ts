/** RedisJobStore against a real Redis: the JobStore contract, expiry as Redis TTLs, and sharing. */
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors.js';
import { RedisJobStore } from '../../src/jobs/redisStore.js';
import { deleteKeys, keysUnder, randomPrefix, testRedis } from '../helpers/redis.js';
import { describeJobStore, pending, succeeded } from './storeContract.js';

const redis = testRedis();
const prefixes: string[] = [];

function newStore(retentionMs: number, keyPrefix = randomPrefix(), client = redis): RedisJobStore {
  prefixes.push(keyPrefix);
  return new RedisJobStore(client, { retentionMs, keyPrefix });
}

afterEach(async () => {
  for (const prefix of prefixes.splice(0)) await deleteKeys(redis, prefix);
});
afterAll(() => redis.quit());

describeJobStore(newStore);

const HOUR = 60 * 60_000;

describe('expiry as Redis TTLs', () => {
  it('gives a pending job no TTL, also after a pending replace, whatever its retainUntil', async () => {
    const prefix = randomPrefix();
    const store = newStore(HOUR, prefix);
    const job = { ...pending('a'), retainUntil: Date.now() + 1_000 };
    await store.insert(job);
    expect(await redis.pttl(`${prefix}job:a`)).toBe(-1);
    await store.replace({ ...job, version: 2 }, 1);
    expect(await redis.pttl(`${prefix}job:a`)).toBe(-1);
  });

  it('keeps a finished job for the retention when its retainUntil is sooner or unset', async () => {
    const prefix = randomPrefix();
    const store = newStore(HOUR, prefix);
    await store.insert({ ...pending('a'), retainUntil: Date.now() + 1_000 });
    await store.insert(pending('b'));
    await store.replace(succeeded({ ...pending('a'), retainUntil: Date.now() + 1_000 }), 1);
    await store.replace(succeeded(pending('b')), 1);
    for (const id of ['a', 'b']) {
      const ttl = await redis.pttl(`${prefix}job:${id}`);
      expect(ttl).toBeGreaterThan(HOUR - 5_000);
      expect(ttl).toBeLessThanOrEqual(HOUR);
    }
  });

  it('keeps a finished job until its retainUntil when that is later', async () => {
    const prefix = randomPrefix();
    const store = newStore(HOUR, prefix);
    const retainUntil = Date.now() + 7 * 24 * HOUR;
    const job = { ...pending('a'), retainUntil };
    await store.insert(job);
    const before = Date.now();
    await store.replace(
      { ...succeeded(job), status: 'FAILED', result: null, failure: { code: 'NOT_APPLIED', message: 'no' } },
      1,
    );
    const ttl = await redis.pttl(`${prefix}job:a`);
    // The store set the TTL at some moment between `before` and now.
    expect(ttl).toBeGreaterThan(retainUntil - Date.now() - 5_000);
    expect(ttl).toBeLessThanOrEqual(retainUntil - before + 1);
  });
});

describe('sharing one Redis', () => {
  it('lets a store on another connection see the jobs and refuse a second claim', async () => {
    const prefix = randomPrefix();
    const other = testRedis();
    try {
      const here = newStore(HOUR, prefix);
      const there = newStore(HOUR, prefix, other);
      expect(await here.insert(pending('a'))).toBe(true);
      expect(await there.insert({ ...pending('a'), ref: 'theirs' })).toBe(false);
      expect(await there.get('a')).toEqual(pending('a'));
      expect(await there.replace(succeeded(pending('a')), 1)).toBe(true);
      expect(await here.replace(succeeded(pending('a')), 1)).toBe(false);
      expect(await here.listPending()).toEqual([]);
    } finally {
      await other.quit();
    }
  });

  it('keeps stores under different prefixes apart', async () => {
    const one = newStore(HOUR);
    const two = newStore(HOUR);
    await one.insert(pending('a'));
    expect(await two.get('a')).toBeNull();
    expect(await two.insert(pending('a'))).toBe(true);
    expect(await two.listPending()).toEqual([pending('a')]);
  });

  it('writes only under its prefix: the records and the set of pending ids', async () => {
    const prefix = randomPrefix();
    const store = newStore(HOUR, prefix);
    await store.insert(pending('a'));
    await store.insert(pending('b'));
    await store.replace(succeeded(pending('b')), 1);
    expect((await keysUnder(redis, prefix)).sort()).toEqual([
      `${prefix}job:a`,
      `${prefix}job:b`,
      `${prefix}jobs:pending`,
    ]);
    expect(await redis.smembers(`${prefix}jobs:pending`)).toEqual(['a']);
  });

  it('lists pending jobs past ids whose record is gone, and forgets those ids', async () => {
    const prefix = randomPrefix();
    const store = newStore(HOUR, prefix);
    await store.insert(pending('a'));
    await store.insert(pending('gone'));
    await redis.del(`${prefix}job:gone`);
    expect(await store.listPending()).toEqual([pending('a')]);
    expect(await redis.smembers(`${prefix}jobs:pending`)).toEqual(['a']);
  });

  it('runs its scripts also after the server forgot them', async () => {
    const store = newStore(HOUR);
    await store.insert(pending('a'));
    await redis.script('FLUSH');
    expect(await store.insert(pending('a'))).toBe(false);
    expect(await store.replace(succeeded(pending('a')), 1)).toBe(true);
  });

  it('leaves the client open on close(): the client is not the store’s', async () => {
    const store = newStore(HOUR);
    await store.close();
    expect(await redis.ping()).toBe('PONG');
  });

  it('lists more pending jobs than one read takes (500), each once', async () => {
    const prefix = randomPrefix();
    const store = newStore(HOUR, prefix);
    const ids = Array.from({ length: 1_001 }, (_, i) => `job-${i}`);
    await Promise.all(ids.map((id) => store.insert(pending(id))));
    const listed = (await store.listPending()).map((job) => job.id);
    expect(listed).toHaveLength(ids.length);
    expect(new Set(listed)).toEqual(new Set(ids));
  });
});

describe('a Redis that does not answer', () => {
  it('turns every call into SERVICE_UNAVAILABLE, carrying the cause', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    down.on('error', () => {});
    const store = new RedisJobStore(down, { retentionMs: HOUR, keyPrefix: randomPrefix() });
    const unavailable = {
      message: 'The job store does not answer; try again shortly.',
      extensions: { code: ErrorCode.ServiceUnavailable },
      cause: expect.any(Error),
    };
    try {
      await expect(store.insert(pending('a'))).rejects.toMatchObject(unavailable);
      await expect(store.get('a')).rejects.toMatchObject(unavailable);
      await expect(store.replace(succeeded(pending('a')), 1)).rejects.toMatchObject(unavailable);
      await expect(store.listPending()).rejects.toMatchObject(unavailable);
      await expect(store.ping()).rejects.toMatchObject(unavailable);
    } finally {
      down.disconnect();
    }
  });

  it('answers a ping while Redis answers', async () => {
    await expect(newStore(HOUR).ping()).resolves.toBeUndefined();
  });
});
