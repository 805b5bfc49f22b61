/**
 * The inbox poller: one process polls a number at a time and appends what it read before reading more;
 * another takes the number over when its poller dies.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryJobLeases } from '../../src/jobs/memoryLeases.js';
import { RedisJobLeases } from '../../src/jobs/redisLeases.js';
import type { JobLeases } from '../../src/jobs/types.js';
import { InboxPoller, inboxLeaseId } from '../../src/inbox/poller.js';
import { RedisInboxStream } from '../../src/inbox/redisStream.js';
import type { InboxStream } from '../../src/inbox/types.js';
import { eventually } from '../helpers/eventually.js';
import { deleteKeys, randomPrefix, testRedis } from '../helpers/redis.js';
import { silentLogger } from '../jobs/support.js';
import { NUMBER } from './streamContract.js';
import { FakeUpstreamInbox, FlakyStream } from './support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Leases granted only while `granting` is true, recording what was released. */
class SwitchedLeases implements Pick<JobLeases, 'acquire' | 'release'> {
  granting = true;
  readonly released: string[] = [];

  async acquire(): Promise<boolean> {
    return this.granting;
  }

  async release(id: string): Promise<void> {
    this.released.push(id);
  }
}

function poller(options: {
  upstream: FakeUpstreamInbox;
  stream: InboxStream;
  leases?: Pick<JobLeases, 'acquire' | 'release'>;
  by?: string;
  everyMs?: number;
  limit?: number;
  numbers?: string[];
}): InboxPoller {
  const made = new InboxPoller({
    numbers: options.numbers ?? [NUMBER],
    stream: options.stream,
    leases: options.leases ?? new MemoryJobLeases(),
    read: options.upstream.reader(options.by ?? 'a', options.limit),
    everyMs: options.everyMs ?? 20,
    logger: silentLogger,
  });
  cleanups.push(() => made.stop());
  return made;
}

const texts = async (stream: InboxStream, number = NUMBER) =>
  (await stream.read(number, null, 1_000)).map((entry) => entry.text);

describe('the inbox poller', () => {
  it('appends what it reads, oldest first, for every number, and reads again at once after a full read', async () => {
    const upstream = new FakeUpstreamInbox();
    const stream = new FlakyStream();
    upstream.deliver(NUMBER, 'one', 'two', 'three', 'four', 'five');
    upstream.deliver('200001', 'other');
    // A minute between reads unless a read came back full.
    poller({ upstream, stream, everyMs: 60_000, limit: 2, numbers: [NUMBER, '200001'] }).start();
    await eventually(async () => (await texts(stream)).length === 5, { what: 'every message to be appended' });
    expect(await texts(stream)).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(await texts(stream, '200001')).toEqual(['other']);
    expect(upstream.reads.filter((read) => read.number === NUMBER).map((read) => read.count)).toEqual([2, 2, 1]);
  });

  it('reads nothing more until what it read is stored, and loses none of it', async () => {
    const upstream = new FakeUpstreamInbox();
    const stream = new FlakyStream();
    upstream.deliver(NUMBER, 'one', 'two');
    stream.failures = 4;
    poller({ upstream, stream }).start();
    await eventually(() => stream.failures === 0, { what: 'the store to fail four times' });
    expect(upstream.reads).toHaveLength(1);
    upstream.deliver(NUMBER, 'three');
    await eventually(async () => (await texts(stream)).length === 3, { what: 'the three messages' });
    expect(await texts(stream)).toEqual(['one', 'two', 'three']);
  });

  it('stores what it read and could not store even after another process took the number over', async () => {
    const upstream = new FakeUpstreamInbox();
    const stream = new FlakyStream();
    // Granted for the first turn only: from the next, another process holds the number.
    const leases = new SwitchedLeases();
    const grantOnce = {
      acquire: async () => {
        const granted = leases.granting;
        leases.granting = false;
        return granted;
      },
      release: (id: string) => leases.release(id),
    };
    upstream.deliver(NUMBER, 'one', 'two');
    stream.failures = 1;
    poller({ upstream, stream, leases: grantOnce }).start();
    await eventually(async () => (await texts(stream)).length === 2, { what: 'the two messages read before' });
    expect(await texts(stream)).toEqual(['one', 'two']);
    expect(upstream.reads).toHaveLength(1);
  });

  it('reads nothing while another process holds the number, takes it over once granted, and gives it up when stopped', async () => {
    const upstream = new FakeUpstreamInbox();
    const stream = new FlakyStream();
    const leases = new SwitchedLeases();
    leases.granting = false;
    upstream.deliver(NUMBER, 'waiting');
    const polling = poller({ upstream, stream, leases });
    polling.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(upstream.reads).toHaveLength(0);
    expect(polling.polls(NUMBER)).toBe(false);

    leases.granting = true;
    await eventually(async () => (await texts(stream)).length === 1, { what: 'the message to be read' });
    expect(polling.polls(NUMBER)).toBe(true);
    await polling.stop();
    const reads = upstream.reads.length;
    expect(leases.released).toEqual([inboxLeaseId(NUMBER)]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(upstream.reads).toHaveLength(reads);
  });
});

describe('inbox pollers of two processes sharing Redis', () => {
  // Renewed every third of it: long enough that a busy machine's late timers still renew in time.
  const LEASE_MS = 1_000;

  function process(prefix: string, upstream: FakeUpstreamInbox, by: string, dying = false) {
    const redis = testRedis();
    const leases = new RedisJobLeases(redis, { keyPrefix: prefix, leaseMs: LEASE_MS, logger: silentLogger });
    const stream = new RedisInboxStream(redis, { keyPrefix: prefix, retentionMs: 60_000, logger: silentLogger });
    // A dying process gives nothing up: its lease runs out.
    const held = dying ? { acquire: (id: string) => leases.acquire(id), release: async () => undefined } : leases;
    const polling = poller({ upstream, stream, leases: held, by });
    let down = false;
    const kill = async () => {
      if (down) return;
      down = true;
      await polling.stop();
      await leases.close();
      await stream.close();
      await redis.quit();
    };
    cleanups.push(kill);
    return { polling, stream, kill };
  }

  it('one process polls the number; when it dies, the other takes over within seconds, losing and repeating nothing', async () => {
    const prefix = randomPrefix();
    const admin = testRedis();
    cleanups.push(async () => {
      await deleteKeys(admin, prefix);
      await admin.quit();
    });
    const upstream = new FakeUpstreamInbox();
    const a = process(prefix, upstream, 'a', true);
    a.polling.start();
    await eventually(() => a.polling.polls(NUMBER), { what: 'the first process to hold the number' });
    const b = process(prefix, upstream, 'b');
    b.polling.start();
    upstream.deliver(NUMBER, 'one', 'two');
    await eventually(async () => (await texts(b.stream)).length === 2, { what: 'the first messages' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(upstream.readsBy('b')).toBe(0);
    expect(b.polling.polls(NUMBER)).toBe(false);

    await a.kill();
    const diedAt = Date.now();
    upstream.deliver(NUMBER, 'three');
    await eventually(async () => (await texts(b.stream)).length === 3, {
      what: 'the other process to take over',
      timeoutMs: 10 * LEASE_MS,
    });
    // Within about one and a half leases, with room for a busy machine.
    expect(Date.now() - diedAt).toBeLessThan(5 * LEASE_MS);
    expect(b.polling.polls(NUMBER)).toBe(true);
    expect(await texts(b.stream)).toEqual(['one', 'two', 'three']);
  });
});
