/** RedisJobLeases against a real Redis: one holder per job, kept while held, taken over once it runs out. */
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RedisJobLeases } from '../../src/jobs/redisLeases.js';
import { eventually } from '../helpers/eventually.js';
import { deleteKeys, keysUnder, randomPrefix, testRedis } from '../helpers/redis.js';
import { createLogger } from '../../src/logger.js';
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
    // Renewed every third of it: long enough that a busy machine's late timers still renew in time.
    const leaseMs = 1_000;
    const one = newLeases(prefix, leaseMs);
    const two = newLeases(prefix, leaseMs);
    await one.acquire('a');

    const until = Date.now() + 3 * leaseMs;
    let grantedToAnother = false;
    await eventually(
      async () => {
        if (await two.acquire('a')) grantedToAnother = true;
        return Date.now() > until;
      },
      { what: 'three lease durations', timeoutMs: 20 * leaseMs, intervalMs: 20 },
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

/** A client of its own whose script calls are recorded (their keys), and held back while `gate` is closed. */
class ObservedClient {
  readonly client: Redis = testRedis();
  readonly calls: string[][] = [];
  /** Script calls answered (or failed) so far. */
  settled = 0;
  /** Rejects the next script call with this error, once. */
  failNext: Error | null = null;
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => {};

  constructor() {
    const evalsha = this.client.evalsha.bind(this.client) as (...args: Array<string | number>) => Promise<unknown>;
    const observed = async (...args: Array<string | number>): Promise<unknown> => {
      this.calls.push(args.slice(2, 2 + Number(args[1])).map(String));
      const failure = this.failNext;
      this.failNext = null;
      try {
        if (failure) throw failure;
        await this.gate;
        return await evalsha(...args);
      } finally {
        this.settled += 1;
      }
    };
    Object.assign(this.client, { evalsha: observed });
  }

  /** Forgets the calls recorded so far. */
  reset(): void {
    this.calls.length = 0;
    this.settled = 0;
  }

  close(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
  }
}

describe('RedisJobLeases renewal', () => {
  const clients: ObservedClient[] = [];
  const LEASE = 30_000;
  const PERIOD = LEASE / 3;

  // Only the renewal timer is faked: Redis and the waits of `eventually` keep real time.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(async () => {
    for (const observed of clients.splice(0)) {
      observed.release();
      await observed.client.quit();
    }
    vi.useRealTimers();
  });

  function observedLeases(prefix: string, lines: string[] = []): { leases: RedisJobLeases; observed: ObservedClient } {
    if (!prefixes.includes(prefix)) prefixes.push(prefix);
    const observed = new ObservedClient();
    clients.push(observed);
    const logger = createLogger('warn', { write: (line: string) => void lines.push(line) });
    const made = new RedisJobLeases(observed.client, { keyPrefix: prefix, leaseMs: LEASE, logger, owner: 'here' });
    leases.push(made);
    return { leases: made, observed };
  }

  it('renews every third of the lease, all the leases it holds in one call', async () => {
    const prefix = randomPrefix();
    const { leases: here, observed } = observedLeases(prefix);
    for (const id of ['a', 'b', 'c']) await here.acquire(id);
    observed.reset();

    await vi.advanceTimersByTimeAsync(PERIOD - 1);
    expect(observed.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(observed.calls).toEqual([['a', 'b', 'c'].map((id) => `${prefix}job-lease:${id}`)]);
  });

  it('renews at most 500 leases per call', async () => {
    const prefix = randomPrefix();
    const { leases: here, observed } = observedLeases(prefix);
    await Promise.all(Array.from({ length: 1_000 }, (_, i) => here.acquire(`job-${i}`)));
    observed.reset();

    await vi.advanceTimersByTimeAsync(PERIOD);
    await eventually(() => observed.settled >= 2, { what: 'the renewal' });
    expect(observed.calls.map((keys) => keys.length)).toEqual([500, 500]);
  });

  it('keeps one renewal timer while it holds leases, and none once it holds none', async () => {
    const { leases: here } = observedLeases(randomPrefix());
    await here.acquire('a');
    await here.acquire('b');
    expect(vi.getTimerCount()).toBe(1);
    await here.release('a');
    expect(vi.getTimerCount()).toBe(1);
    await here.release('b');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts no renewal while one is under way', async () => {
    const prefix = randomPrefix();
    const { leases: here, observed } = observedLeases(prefix);
    await here.acquire('a');
    observed.reset();
    observed.close();

    await vi.advanceTimersByTimeAsync(PERIOD);
    await vi.advanceTimersByTimeAsync(PERIOD);
    expect(observed.calls).toHaveLength(1);
    observed.release();
    await eventually(() => observed.settled === 1, { what: 'the renewal to end' });
    await vi.advanceTimersByTimeAsync(PERIOD);
    expect(observed.calls).toHaveLength(2);
  });

  it('tries a renewal that failed again at the next period', async () => {
    const prefix = randomPrefix();
    const lines: string[] = [];
    const { leases: here, observed } = observedLeases(prefix, lines);
    await here.acquire('a');
    observed.reset();
    observed.failNext = new Error('connection lost');

    await vi.advanceTimersByTimeAsync(PERIOD);
    await eventually(() => lines.length === 1, { what: 'the failure logged' });
    expect(lines[0]).toContain('job leases could not be renewed');
    await vi.advanceTimersByTimeAsync(PERIOD);
    expect(observed.calls).toEqual([[`${prefix}job-lease:a`], [`${prefix}job-lease:a`]]);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('drops a lease another process took, warns once, and stops renewing once it holds none', async () => {
    const prefix = randomPrefix();
    const lines: string[] = [];
    const { leases: here } = observedLeases(prefix, lines);
    await here.acquire('a');
    await redis.set(`${prefix}job-lease:a`, 'there');

    await vi.advanceTimersByTimeAsync(PERIOD);
    await eventually(() => vi.getTimerCount() === 0, { what: 'the renewal to stop' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('job lease ran out or was taken by another process');
    expect(lines[0]).toContain('"jobId":"a"');
    expect(await redis.get(`${prefix}job-lease:a`)).toBe('there');
  });

  it('keeps no lease it was refused, and none granted after close()', async () => {
    const prefix = randomPrefix();
    const { leases: here } = observedLeases(prefix);
    await redis.set(`${prefix}job-lease:a`, 'there');
    expect(await here.acquire('a')).toBe(false);
    expect(vi.getTimerCount()).toBe(0);

    await here.close();
    expect(await here.acquire('b')).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
