/** What every inbox stream does, run against each implementation. */
import { describe, expect, it } from 'vitest';
import type { InboundSmsRecord, InboxStream } from '../../src/inbox/types.js';
import { eventually } from '../helpers/eventually.js';
import { at } from '../helpers/responses.js';

export interface StreamPair {
  /** Two handles on one store, as two processes would have (the same one in memory). */
  readonly a: InboxStream;
  readonly b: InboxStream;
}

export const NUMBER = '200000';

export function sms(text: string, overrides: Partial<InboundSmsRecord> = {}): InboundSmsRecord {
  return { from: '09121234567', to: NUMBER, text, receivedAt: '2026-11-25T10:00:00.000Z', ...overrides };
}

export function streamContract(name: string, open: () => Promise<StreamPair>): void {
  describe(`${name} inbox stream`, () => {
    it('reads what was appended, oldest first, with ids that grow', async () => {
      const { a, b } = await open();
      const ids: string[] = [];
      for (const text of ['one', 'two', 'three']) ids.push((await a.append(sms(text))).id);
      const read = await b.read(NUMBER, null, 10);
      expect(read).toEqual(['one', 'two', 'three'].map((text, i) => ({ id: ids[i], ...sms(text) })));
      expect([...ids].sort(byId)).toEqual(ids);
      expect(new Set(ids).size).toBe(3);
    });

    it('keeps a message once: the same sender, number, text and time is not appended again', async () => {
      const { a, b } = await open();
      const first = await a.append(sms('hello'));
      expect(first.appended).toBe(true);
      expect(await b.append(sms('hello'))).toEqual({ id: first.id, appended: false });
      for (const other of [
        sms('hello', { from: '09120000000' }),
        sms('hello ', {}),
        sms('hello', { receivedAt: '2026-11-25T10:00:01.000Z' }),
      ])
        expect((await b.append(other)).appended).toBe(true);
      expect((await a.read(NUMBER, null, 10)).map((entry) => entry.id)).toHaveLength(4);
    });

    it('appends the same message sent by two processes at once once', async () => {
      const { a, b } = await open();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).append(sms('raced'))),
      );
      expect(results.filter((result) => result.appended)).toHaveLength(1);
      expect(new Set(results.map((result) => result.id)).size).toBe(1);
      expect(await a.read(NUMBER, null, 10)).toHaveLength(1);
    });

    it('reads after a cursor (not including it), at most `count`', async () => {
      const { a } = await open();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await a.append(sms(`m${i}`))).id);
      expect((await a.read(NUMBER, at(ids, 1), 2)).map((entry) => entry.text)).toEqual(['m2', 'm3']);
      expect(await a.read(NUMBER, at(ids, 4), 10)).toEqual([]);
      expect(await a.read(NUMBER, null, 0)).toEqual([]);
      expect(await a.last(NUMBER)).toBe(ids[4]);
    });

    it('keeps each number’s messages apart', async () => {
      const { a } = await open();
      await a.append(sms('to the first'));
      await a.append(sms('to the second', { to: '200001' }));
      expect((await a.read(NUMBER, null, 10)).map((entry) => entry.text)).toEqual(['to the first']);
      expect((await a.read('200001', null, 10)).map((entry) => entry.to)).toEqual(['200001']);
      expect(await a.last('300000')).toBeNull();
      expect(await a.read('300000', null, 10)).toEqual([]);
    });

    it('tells the watchers of a number, in any process, of an append, until they unsubscribe', async () => {
      const { a, b } = await open();
      let heard = 0;
      let other = 0;
      const watch = b.watch(NUMBER, () => (heard += 1));
      const elsewhere = b.watch('200001', () => (other += 1));
      await Promise.all([watch.ready, elsewhere.ready]);
      await a.append(sms('wake up'));
      await eventually(() => heard >= 1, { what: 'the watcher to hear the append' });
      await a.append(sms('wake up'));
      watch.unsubscribe();
      await a.append(sms('unheard'));
      // Appended after the one heard: once it is readable, the notification would have come with it.
      await b.read(NUMBER, null, 10);
      expect(heard).toBe(1);
      expect(other).toBe(0);
      elsewhere.unsubscribe();
    });
  });
}

function byId(x: string, y: string): number {
  const [xm = 0, xs = 0] = x.split('-').map(Number);
  const [ym = 0, ys = 0] = y.split('-').map(Number);
  return xm - ym || xs - ys;
}
