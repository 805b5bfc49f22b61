/** A reader of one number's stream: from its cursor, then live, once each and in order, reading only when asked. */
import { describe, expect, it } from 'vitest';
import { MemoryInboxStream } from '../../src/inbox/memoryStream.js';
import { InboxWatch } from '../../src/inbox/watch.js';
import { NUMBER, sms } from './streamContract.js';

async function nextText(watch: InboxWatch): Promise<string | undefined> {
  const next = await watch.next();
  return next.done ? undefined : next.value.text;
}

describe('InboxWatch', () => {
  it('gives what follows its cursor, then each new message, once each and in order', async () => {
    const stream = new MemoryInboxStream(60_000);
    const first = await stream.append(sms('one'));
    await stream.append(sms('two'));
    const watch = await InboxWatch.open(stream, NUMBER, first.id);
    expect(await nextText(watch)).toBe('two');
    const waiting = nextText(watch);
    await stream.append(sms('elsewhere', { to: '200001' }));
    await stream.append(sms('three'));
    await stream.append(sms('three'));
    await stream.append(sms('four'));
    expect(await waiting).toBe('three');
    expect(await nextText(watch)).toBe('four');
    await watch.return();
  });

  it('without a cursor, gives only what is appended after it opened', async () => {
    const stream = new MemoryInboxStream(60_000);
    await stream.append(sms('before'));
    const watch = await InboxWatch.open(stream, NUMBER, null);
    await stream.append(sms('after'));
    expect(await nextText(watch)).toBe('after');
    await watch.return();
  });

  it('ends a pending read when returned, and leaves the stream', async () => {
    const stream = new MemoryInboxStream(60_000);
    const watch = await InboxWatch.open(stream, NUMBER, null);
    expect(stream.watchedNumbers).toBe(1);
    const waiting = watch.next();
    await watch.return();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(stream.watchedNumbers).toBe(0);
    await stream.append(sms('too late'));
    expect(await watch.next()).toEqual({ value: undefined, done: true });
  });

  it('reads the stream only when asked for the next message', async () => {
    const stream = new MemoryInboxStream(60_000);
    let reads = 0;
    const counted = Object.assign(Object.create(stream) as MemoryInboxStream, {
      read: (...args: Parameters<MemoryInboxStream['read']>) => {
        reads += 1;
        return stream.read(...args);
      },
    });
    const watch = await InboxWatch.open(counted, NUMBER, '0-0');
    for (let i = 0; i < 5; i++) await stream.append(sms(`m${i}`));
    expect(reads).toBe(0);
    expect(await nextText(watch)).toBe('m0');
    expect(await nextText(watch)).toBe('m1');
    expect(reads).toBe(1);
    await watch.return();
  });

  it('ends, leaving the stream, when a read fails (graphql-ws then forgets it without returning it)', async () => {
    const stream = new MemoryInboxStream(60_000);
    const failing = Object.assign(Object.create(stream) as MemoryInboxStream, {
      read: () => Promise.reject(new Error('store down')),
    });
    const watch = await InboxWatch.open(failing, NUMBER, '0-0');
    expect(stream.watchedNumbers).toBe(1);
    await expect(watch.next()).rejects.toThrow('store down');
    expect(stream.watchedNumbers).toBe(0);
    expect(await watch.next()).toEqual({ value: undefined, done: true });
  });
});
