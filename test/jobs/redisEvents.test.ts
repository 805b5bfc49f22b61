/** RedisJobEvents against a real Redis: changes published by one process reach listeners in another. */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { RedisJobEvents } from '../../src/jobs/redisEvents.js';
import type { JobRecord } from '../../src/jobs/types.js';
import { eventually } from '../helpers/eventually.js';
import { TEST_REDIS_URL, randomPrefix, testRedis } from '../helpers/redis.js';
import { pending, succeeded } from './storeContract.js';
import { silentLogger } from './support.js';

const admin = testRedis();
const opened: Array<{ events: RedisJobEvents; client: Redis }> = [];

/** A process's events: a client of its own, named so that its connections can be found. */
function newEvents(
  keyPrefix: string,
  latest?: (id: string) => Promise<JobRecord | null>,
): { events: RedisJobEvents; client: Redis; name: string } {
  const name = `test-events-${randomUUID()}`;
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, connectionName: name });
  const events = new RedisJobEvents(client, { keyPrefix, logger: silentLogger, ...(latest && { latest }) });
  opened.push({ events, client });
  return { events, client, name };
}

async function subscribers(channel: string): Promise<number> {
  const reply = (await admin.call('PUBSUB', 'NUMSUB', channel)) as [string, number];
  return reply[1];
}

/** Kills the subscriber connection of the process whose connections are named `name`. */
async function killSubscriber(name: string): Promise<void> {
  const clients = (await admin.call('CLIENT', 'LIST')) as string;
  const line = clients.split('\n').find((entry) => entry.includes(` name=${name} `) && /flags=\S*P/.test(entry));
  const id = line?.match(/^id=(\d+) /)?.[1];
  expect(id).toBeDefined();
  await admin.call('CLIENT', 'KILL', 'ID', id ?? '');
}

/** A process's events whose subscriber connection the test holds too. */
function observedEvents(keyPrefix: string): { events: RedisJobEvents; subscriber: Redis } {
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  const duplicate = client.duplicate.bind(client);
  let subscriber: Redis | undefined;
  vi.spyOn(client, 'duplicate').mockImplementation((override) => (subscriber = duplicate(override)));
  const events = new RedisJobEvents(client, { keyPrefix, logger: silentLogger });
  opened.push({ events, client });
  if (!subscriber) throw new Error('no subscriber connection was made');
  return { events, subscriber };
}

afterEach(async () => {
  for (const { events, client } of opened.splice(0)) {
    await events.close();
    await client.quit();
  }
});
afterAll(() => admin.quit());

/** Events on a fresh prefix whose subscriber's first SUBSCRIBE fails (a lost connection), the rest going through. */
function eventsWhoseFirstSubscriptionFails() {
  const observed = observedEvents(randomPrefix());
  const { subscriber } = observed;
  const subscribe = subscriber.subscribe.bind(subscriber) as (...channels: string[]) => Promise<unknown>;
  vi.spyOn(subscriber, 'subscribe')
    .mockImplementationOnce(() => Promise.reject(new Error('connection lost')))
    .mockImplementation((...channels: unknown[]) => subscribe(...channels.map(String)));
  return observed;
}

describe('RedisJobEvents', () => {
  it('delivers a change published on one connection to a listener on another', async () => {
    const prefix = randomPrefix();
    const here = newEvents(prefix).events;
    const there = newEvents(prefix).events;
    const heard: JobRecord[] = [];
    const subscription = there.subscribe('a', (job) => heard.push(job));
    await subscription.ready;

    await here.publish(succeeded(pending('a')));
    await eventually(() => heard.length === 1, { what: 'the change' });
    expect(heard).toEqual([succeeded(pending('a'))]);
    subscription.unsubscribe();
  });

  it('delivers a job’s changes only to the listeners of that job, under its own prefix', async () => {
    const prefix = randomPrefix();
    const publisher = newEvents(prefix).events;
    const stranger = newEvents(randomPrefix()).events;
    const listener = newEvents(prefix).events;
    const heardA: JobRecord[] = [];
    const heardB: JobRecord[] = [];
    const a = listener.subscribe('a', (job) => heardA.push(job));
    const b = listener.subscribe('b', (job) => heardB.push(job));
    await Promise.all([a.ready, b.ready]);

    await stranger.publish(pending('a'));
    await publisher.publish(pending('b'));
    await publisher.publish(succeeded(pending('a')));
    await eventually(() => heardA.length === 1 && heardB.length === 1, { what: 'the changes' });
    expect(heardA).toEqual([succeeded(pending('a'))]);
    expect(heardB).toEqual([pending('b')]);
    a.unsubscribe();
    b.unsubscribe();
  });

  it('subscribes once per job however many listen, and unsubscribes when the last one leaves', async () => {
    const prefix = randomPrefix();
    const channel = `${prefix}job-events:a`;
    const { events } = newEvents(prefix);
    const publisher = newEvents(prefix).events;
    const heard = Array.from({ length: 100 }, () => [] as JobRecord[]);
    const subscriptions = heard.map((list) => events.subscribe('a', (job) => list.push(job)));
    await Promise.all(subscriptions.map((subscription) => subscription.ready));
    expect(await subscribers(channel)).toBe(1);
    expect(events.watchedJobs).toBe(1);

    await publisher.publish(pending('a'));
    await eventually(() => heard.every((list) => list.length === 1), { what: 'every listener to hear it' });

    for (const subscription of subscriptions.slice(1)) subscription.unsubscribe();
    expect(events.watchedJobs).toBe(1);
    expect(await subscribers(channel)).toBe(1);
    subscriptions[0]?.unsubscribe();
    expect(events.watchedJobs).toBe(0);
    await eventually(async () => (await subscribers(channel)) === 0, { what: 'the unsubscription' });
  });

  it('subscribes again when a job is watched again after its last listener left', async () => {
    const prefix = randomPrefix();
    const { events } = newEvents(prefix);
    const publisher = newEvents(prefix).events;
    events.subscribe('a', () => {}).unsubscribe();
    const heard: JobRecord[] = [];
    const again = events.subscribe('a', (job) => heard.push(job));
    await again.ready;

    await publisher.publish(pending('a'));
    await eventually(() => heard.length === 1, { what: 'the change' });
    again.unsubscribe();
  });

  it('keeps delivering to the other listeners when one throws', async () => {
    const prefix = randomPrefix();
    const { events } = newEvents(prefix);
    const heard: JobRecord[] = [];
    const failing = events.subscribe('a', () => {
      throw new Error('listener failed');
    });
    const working = events.subscribe('a', (job) => heard.push(job));
    await working.ready;

    await events.publish(pending('a'));
    await eventually(() => heard.length === 1, { what: 'the change' });
    failing.unsubscribe();
    working.unsubscribe();
  });

  it('after its subscriber connection comes back, delivers the stored state of every watched job', async () => {
    const prefix = randomPrefix();
    let stored = pending('a');
    const { events, name } = newEvents(prefix, async (id) => (id === 'a' ? stored : null));
    const heard: JobRecord[] = [];
    const subscription = events.subscribe('a', (job) => heard.push(job));
    await subscription.ready;

    // A change whose publication was lost while the connection was down.
    stored = succeeded(pending('a'));
    await killSubscriber(name);

    await eventually(() => heard.length === 1, { what: 'the stored state' });
    expect(heard).toEqual([succeeded(pending('a'))]);
    // And it is subscribed again: the next change arrives as before.
    await events.publish(succeeded(pending('a'), 3));
    await eventually(() => heard.length === 2, { what: 'the next change' });
    subscription.unsubscribe();
  });

  it('rejects a subscription with SERVICE_UNAVAILABLE when Redis does not answer, and leaves nothing behind', async () => {
    const client = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 200,
      retryStrategy: () => null,
    });
    client.on('error', () => {});
    const events = new RedisJobEvents(client, { keyPrefix: randomPrefix(), logger: silentLogger });
    try {
      const subscription = events.subscribe('a', () => {});
      await expect(subscription.ready).rejects.toMatchObject({
        message: 'Job updates cannot be followed right now; try again shortly.',
        extensions: { code: 'SERVICE_UNAVAILABLE' },
        cause: expect.any(Error),
      });
      expect(events.watchedJobs).toBe(0);
      subscription.unsubscribe();
    } finally {
      await events.close();
      client.disconnect();
    }
  });

  it('after a reconnection, delivers nothing for a job not stored, and reads the others when one read fails', async () => {
    const prefix = randomPrefix();
    const { events, name } = newEvents(prefix, async (id) => {
      if (id === 'failing') throw new Error('store down');
      return id === 'a' ? succeeded(pending('a')) : null;
    });
    const heard: JobRecord[] = [];
    const subscriptions = ['failing', 'gone', 'a'].map((id) => events.subscribe(id, (job) => heard.push(job)));
    await Promise.all(subscriptions.map((subscription) => subscription.ready));

    await killSubscriber(name);
    await eventually(() => heard.length > 0, { what: 'the stored state' });
    await events.publish(pending('b'));
    await events.publish(succeeded(pending('a'), 3));
    await eventually(() => heard.length > 1, { what: 'the next change' });
    expect(heard).toEqual([succeeded(pending('a')), succeeded(pending('a'), 3)]);
    for (const subscription of subscriptions) subscription.unsubscribe();
  });

  it('skips a message that is not a job, and delivers the next', async () => {
    const prefix = randomPrefix();
    const { events } = newEvents(prefix);
    const heard: unknown[] = [];
    const subscription = events.subscribe('a', (job) => heard.push(job));
    await subscription.ready;

    await admin.publish(`${prefix}job-events:a`, 'not a job');
    await events.publish(pending('a'));
    await eventually(() => heard.length > 0, { what: 'the change' });
    expect(heard).toEqual([pending('a')]);
    subscription.unsubscribe();
  });

  it('skips a message for a job it no longer watches (published before the unsubscription took)', async () => {
    const prefix = randomPrefix();
    const { events, subscriber } = observedEvents(prefix);
    const subscription = events.subscribe('a', () => {});
    await subscription.ready;
    subscription.unsubscribe();
    expect(() => subscriber.emit('message', `${prefix}job-events:a`, JSON.stringify(pending('a')))).not.toThrow();
  });

  it('keeps a later subscription to a job when an earlier one to it fails', async () => {
    const { events } = eventsWhoseFirstSubscriptionFails();
    const heard: JobRecord[] = [];

    // Left before its subscription failed: the next one is made while the failure is on its way.
    const first = events.subscribe('a', () => {});
    first.unsubscribe();
    const second = events.subscribe('a', (job) => heard.push(job));
    await expect(first.ready).rejects.toMatchObject({ extensions: { code: 'SERVICE_UNAVAILABLE' } });
    await second.ready;
    expect(events.watchedJobs).toBe(1);

    await events.publish(pending('a'));
    await eventually(() => heard.length > 0, { what: 'the change' });
    expect(heard).toEqual([pending('a')]);
    second.unsubscribe();
  });

  it('keeps a later subscription when a listener of an earlier, failed one leaves', async () => {
    const { events } = eventsWhoseFirstSubscriptionFails();
    const heard: JobRecord[] = [];

    const failed = events.subscribe('a', () => {});
    await expect(failed.ready).rejects.toMatchObject({ extensions: { code: 'SERVICE_UNAVAILABLE' } });
    const again = events.subscribe('a', (job) => heard.push(job));
    await again.ready;
    failed.unsubscribe();
    expect(events.watchedJobs).toBe(1);
    await events.publish(pending('a'));
    await eventually(() => heard.length > 0, { what: 'the change' });
    again.unsubscribe();
  });

  it('opens its subscriber connection at the first subscription, and closes it on close()', async () => {
    const { events, subscriber } = observedEvents(randomPrefix());
    expect(subscriber.status).toBe('wait');
    const subscription = events.subscribe('a', () => {});
    await subscription.ready;
    expect(subscriber.status).toBe('ready');

    await events.close();
    await eventually(() => subscriber.status === 'end', { what: 'the connection to close' });
  });

  it('closes without connecting when nothing was ever watched', async () => {
    const { events, subscriber } = observedEvents(randomPrefix());
    const connect = vi.spyOn(subscriber, 'connect');
    await events.close();
    expect(connect).not.toHaveBeenCalled();
    expect(subscriber.status).toBe('end');
  });

  it('drops its subscriber connection when it cannot quit it', async () => {
    const { events, subscriber } = observedEvents(randomPrefix());
    await events.subscribe('a', () => {}).ready;
    vi.spyOn(subscriber, 'quit').mockRejectedValue(new Error('connection lost'));
    await events.close();
    await eventually(() => subscriber.status === 'end', { what: 'the connection to close' });
  });
});
