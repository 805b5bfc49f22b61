import type { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RedisInboxStream } from '../../src/inbox/redisStream.js';
import { InboxWatch } from '../../src/inbox/watch.js';
import { silentLogger } from '../jobs/support.js';
import { eventually } from '../helpers/eventually.js';
import { deleteKeys, keysUnder, randomPrefix, testRedis } from '../helpers/redis.js';
import { NUMBER, sms, streamContract } from './streamContract.js';

const admin = testRedis();
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => admin.quit());

function handle(prefix: string, retentionMs = 60_000): { stream: RedisInboxStream; client: Redis } {
  const client = testRedis();
  const stream = new RedisInboxStream(client, { keyPrefix: prefix, retentionMs, logger: silentLogger });
  cleanups.push(async () => {
    await stream.close();
    await client.quit();
  });
  return { stream, client };
}

function prefixed(): string {
  const prefix = randomPrefix();
  cleanups.push(() => deleteKeys(admin, prefix));
  return prefix;
}

streamContract('redis', async () => {
  const prefix = prefixed();
  return { a: handle(prefix).stream, b: handle(prefix).stream };
});

describe('redis inbox stream', () => {
  it('keeps its entries and the digests of its messages no longer than the retention', async () => {
    const prefix = prefixed();
    const { stream } = handle(prefix, 5_000);
    await stream.append(sms('kept a while'));
    const keys = await keysUnder(admin, prefix);
    expect(keys).toHaveLength(2);
    expect(keys).toContain(`${prefix}sms-inbox:${NUMBER}`);
    expect(keys.find((key) => key !== `${prefix}sms-inbox:${NUMBER}`)).toMatch(
      new RegExp(`^${prefix}sms-inbox-seen:${NUMBER}:[0-9a-f]{64}$`),
    );
    for (const key of keys) {
      const ttl = await admin.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(5_000);
    }
  });

  it('trims entries older than the retention when it appends', async () => {
    const prefix = prefixed();
    const { stream } = handle(prefix, 300);
    await stream.append(sms('old'));
    let appended = 0;
    await eventually(
      async () => {
        await stream.append(sms(`new ${(appended += 1)}`));
        return !(await stream.read(NUMBER, null, 100)).some((entry) => entry.text === 'old');
      },
      { what: 'the oldest entry to be trimmed', intervalMs: 50 },
    );
    expect((await stream.read(NUMBER, null, 100)).at(-1)?.text).toBe(`new ${appended}`);
  });

  it('subscribes once per number however many watch it, and not after the last leaves', async () => {
    const prefix = prefixed();
    const { stream } = handle(prefix);
    const watches = Array.from({ length: 50 }, () => stream.watch(NUMBER, () => undefined));
    await Promise.all(watches.map((watch) => watch.ready));
    const count = async () =>
      ((await admin.call('PUBSUB', 'NUMSUB', `${prefix}sms-inbox-events:${NUMBER}`)) as [string, number])[1];
    expect(await count()).toBe(1);
    expect(stream.watchedNumbers).toBe(1);
    for (const watch of watches) watch.unsubscribe();
    expect(stream.watchedNumbers).toBe(0);
  });

  it('leaves every channel when closed', async () => {
    const prefix = prefixed();
    const { stream } = handle(prefix);
    await stream.watch(NUMBER, () => undefined).ready;
    await stream.close();
    expect(stream.watchedNumbers).toBe(0);
  });

  it('serves a watch of an empty stream without a cursor the messages appended after it opened', async () => {
    const prefix = prefixed();
    const { stream } = handle(prefix);
    const watch = await InboxWatch.open(stream, NUMBER, null);
    await stream.append(sms('first of all'));
    expect((await watch.next()).value).toMatchObject({ text: 'first of all' });
    await watch.return();
  });
});
