/**
 * Edges of the inbox's parts: a memory stream's listeners and retention at its limit, a watch whose
 * subscription fails or whose stream is appended to while it reads, and a poller stopped mid-read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxRead } from '../../src/datasources/flows/inbox.js';
import { MemoryInboxStream } from '../../src/inbox/memoryStream.js';
import { InboxPoller, inboxLeaseId } from '../../src/inbox/poller.js';
import type { InboundSms, InboxStream, StreamWatch } from '../../src/inbox/types.js';
import { InboxWatch } from '../../src/inbox/watch.js';
import { createLogger } from '../../src/logger.js';
import { NUMBER, sms } from './streamContract.js';

describe('the memory inbox stream', () => {
  it('tells every listener of a number, and keeps the others when one leaves', async () => {
    const stream = new MemoryInboxStream(60_000);
    const heard = { a: 0, b: 0 };
    const a = stream.watch(NUMBER, () => (heard.a += 1));
    const b = stream.watch(NUMBER, () => (heard.b += 1));
    await stream.append(sms('one'));
    expect(heard).toEqual({ a: 1, b: 1 });
    a.unsubscribe();
    await stream.append(sms('two'));
    expect(heard).toEqual({ a: 1, b: 2 });
    expect(stream.watchedNumbers).toBe(1);
    b.unsubscribe();
    expect(stream.watchedNumbers).toBe(0);
  });

  it('keeps a later listener when an earlier one leaves again', async () => {
    const stream = new MemoryInboxStream(60_000);
    const first = stream.watch(NUMBER, () => undefined);
    first.unsubscribe();
    let heard = 0;
    stream.watch(NUMBER, () => (heard += 1));
    first.unsubscribe();
    await stream.append(sms('one'));
    expect(heard).toBe(1);
    expect(stream.watchedNumbers).toBe(1);
  });

  it('forgets its listeners when closed', async () => {
    const stream = new MemoryInboxStream(60_000);
    stream.watch(NUMBER, () => undefined);
    await stream.close();
    expect(stream.watchedNumbers).toBe(0);
  });

  it('keeps a message exactly as long as the retention, and no longer', async () => {
    let now = 1_000;
    const stream = new MemoryInboxStream(10_000, { now: () => now });
    const first = await stream.append(sms('first'));
    now += 10_000;
    expect(await stream.append(sms('first'))).toEqual({ id: first.id, appended: false });
    expect((await stream.read(NUMBER, null, 10)).map((entry) => entry.text)).toEqual(['first']);
    now += 1;
    await stream.append(sms('later'));
    expect((await stream.read(NUMBER, null, 10)).map((entry) => entry.text)).toEqual(['later']);
  });

  it('has no newest id once every message is forgotten', async () => {
    let now = 1_000;
    const stream = new MemoryInboxStream(10, { now: () => now });
    await stream.append(sms('old', { to: '300000' }));
    now += 100;
    await stream.append(sms('other number'));
    expect(await stream.last('300000')).toBeNull();
  });

  it('numbers the first message of its first millisecond 0', async () => {
    const stream = new MemoryInboxStream(10, { now: () => 0 });
    expect((await stream.append(sms('a'))).id).toBe('0-0');
  });
});

/** A memory stream that counts reads and subscriptions, and can append while a read is under way. */
class WatchedStream extends MemoryInboxStream {
  reads = 0;
  unsubscribed = 0;
  ready: Promise<void> = Promise.resolve();
  duringNextRead: (() => Promise<unknown>) | null = null;

  constructor() {
    super(60_000);
  }

  override async read(number: string, after: string | null, count: number): Promise<InboundSms[]> {
    this.reads += 1;
    const page = await super.read(number, after, count);
    const during = this.duringNextRead;
    this.duringNextRead = null;
    if (during) await during();
    return page;
  }

  override watch(number: string, listener: () => void): StreamWatch {
    const watch = super.watch(number, listener);
    return {
      ready: this.ready,
      unsubscribe: () => {
        this.unsubscribed += 1;
        watch.unsubscribe();
      },
    };
  }
}

/** Lets every callback already due run (promises and immediates), without waiting on time. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('InboxWatch', () => {
  it('fails to open, leaving the stream, when its subscription cannot be made', async () => {
    const stream = new WatchedStream();
    stream.ready = Promise.reject(new Error('no subscription'));
    await expect(InboxWatch.open(stream, NUMBER, null)).rejects.toThrow('no subscription');
    expect(stream.unsubscribed).toBe(1);
    expect(stream.watchedNumbers).toBe(0);
  });

  it('reads once, then waits without reading, while nothing is appended', async () => {
    const stream = new WatchedStream();
    const watch = await InboxWatch.open(stream, NUMBER, null);
    const next = watch.next();
    await settle();
    await settle();
    expect(stream.reads).toBe(1);
    await stream.append(sms('one'));
    expect((await next).value).toMatchObject({ text: 'one' });
    await watch.return();
  });

  it('reads again at once when a message is appended while it reads', async () => {
    const stream = new WatchedStream();
    const watch = await InboxWatch.open(stream, NUMBER, null);
    stream.duringNextRead = () => stream.append(sms('during'));
    expect((await watch.next()).value).toMatchObject({ text: 'during' });
    expect(stream.reads).toBe(2);
    await watch.return();
  });

  it('is its own async iterator; return ends it once, throw ends it and throws', async () => {
    const stream = new WatchedStream();
    await stream.append(sms('one'));
    const watch = await InboxWatch.open(stream, NUMBER, '0-0');
    for await (const message of watch) {
      expect(message.text).toBe('one');
      break;
    }
    expect(stream.unsubscribed).toBe(1);
    expect(await watch.return()).toEqual({ value: undefined, done: true });
    expect(stream.unsubscribed).toBe(1);

    const other = await InboxWatch.open(stream, NUMBER, '0-0');
    await expect(other.throw(new Error('from the consumer'))).rejects.toThrow('from the consumer');
    expect(await other.next()).toEqual({ value: undefined, done: true });
    expect(stream.unsubscribed).toBe(2);
  });
});

describe('the inbox poller', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores a read under way before it stops, then reads no more and gives its lease up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stream: InboxStream = new MemoryInboxStream(60_000);
    let reads = 0;
    let answer: (read: InboxRead) => void = () => undefined;
    const released: string[] = [];
    const poller = new InboxPoller({
      numbers: [NUMBER],
      stream,
      leases: { acquire: async () => true, release: async (id) => void released.push(id) },
      read: () => {
        reads += 1;
        return new Promise<InboxRead>((resolve) => (answer = resolve));
      },
      everyMs: 1_000,
      logger: createLogger('silent'),
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    expect(poller.polls(NUMBER)).toBe(true);

    let stoppedYet = false;
    const stopped = poller.stop().then(() => {
      stoppedYet = true;
    });
    await settle();
    expect(stoppedYet).toBe(false);
    answer({ messages: [sms('read as it stopped')], full: true, undated: 0 });
    await stopped;
    expect((await stream.read(NUMBER, null, 10)).map((entry) => entry.text)).toEqual(['read as it stopped']);
    expect(released).toEqual([inboxLeaseId(NUMBER)]);
    expect(inboxLeaseId(NUMBER)).toBe(`sms-inbox:${NUMBER}`);
    expect(poller.polls(NUMBER)).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads).toBe(1);
  });

  it('reads again a full period after a read that failed, not at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let reads = 0;
    const poller = new InboxPoller({
      numbers: [NUMBER],
      stream: new MemoryInboxStream(60_000),
      leases: { acquire: async () => true, release: async () => undefined },
      read: async () => {
        reads += 1;
        throw new Error('upstream down');
      },
      everyMs: 1_000,
      logger: createLogger('silent'),
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toBe(2);
    await poller.stop();
  });
});
