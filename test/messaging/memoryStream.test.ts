import { describe, expect, it } from 'vitest';
import { MemoryInboxStream } from '../../src/inbox/memoryStream.js';
import { NUMBER, sms, streamContract } from './streamContract.js';

streamContract('memory', async () => {
  const stream = new MemoryInboxStream(60_000);
  return { a: stream, b: stream };
});

describe('memory inbox stream', () => {
  it('forgets entries, and the messages it has seen, after the retention', async () => {
    let now = 1_000_000;
    const stream = new MemoryInboxStream(10_000, { now: () => now });
    const old = await stream.append(sms('old'));
    now += 5_000;
    await stream.append(sms('newer'));
    now += 6_000;
    expect((await stream.append(sms('newest'))).appended).toBe(true);
    expect((await stream.read(NUMBER, null, 10)).map((entry) => entry.text)).toEqual(['newer', 'newest']);
    const again = await stream.append(sms('old'));
    expect(again.appended).toBe(true);
    expect(again.id).not.toBe(old.id);
  });

  it('gives ids that grow within one millisecond', async () => {
    const stream = new MemoryInboxStream(10_000, { now: () => 5 });
    const ids = [(await stream.append(sms('a'))).id, (await stream.append(sms('b'))).id];
    expect(ids).toEqual(['5-0', '5-1']);
    expect(stream.watchedNumbers).toBe(0);
  });
});
