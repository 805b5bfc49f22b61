/** The inbox as the graph reads it (pages, a watch, pushed messages) over a memory stream, and the delivery report hook. */
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../src/datasources/flows/port.js';
import { SMS_DELIVERY } from '../../src/datasources/flows/smsDelivery.js';
import { followDeliveryReports } from '../../src/inbox/deliveryReports.js';
import { Inbox } from '../../src/inbox/index.js';
import { MemoryInboxStream } from '../../src/inbox/memoryStream.js';
import { createLogger } from '../../src/logger.js';
import { NUMBER, sms } from './streamContract.js';

async function inboxOf(...texts: string[]) {
  let now = 1_000;
  const inbox = new Inbox([NUMBER], new MemoryInboxStream(60_000, { now: () => (now += 1) }));
  const ids: string[] = [];
  for (const text of texts) ids.push((await inbox.receive(sms(text))).id);
  return { inbox, ids };
}

const texts = (page: { nodes: readonly { text: string }[] }) => page.nodes.map((node) => node.text);

describe('Inbox', () => {
  it('reads a page of at most `first` messages, oldest first, saying whether more follow', async () => {
    const { inbox, ids } = await inboxOf('a', 'b', 'c');
    const first = await inbox.page(NUMBER, null, 2);
    expect(texts(first)).toEqual(['a', 'b']);
    expect(first.pageInfo).toEqual({ hasNextPage: true, endCursor: ids[1] });
    const rest = await inbox.page(NUMBER, first.pageInfo.endCursor, 2);
    expect(texts(rest)).toEqual(['c']);
    expect(rest.pageInfo).toEqual({ hasNextPage: false, endCursor: ids[2] });
  });

  it('has no next page when exactly `first` messages are left', async () => {
    const { inbox, ids } = await inboxOf('a', 'b');
    expect((await inbox.page(NUMBER, null, 2)).pageInfo).toEqual({ hasNextPage: false, endCursor: ids[1] });
  });

  it('keeps the cursor it was given when nothing follows it, and has none for an empty stream', async () => {
    const { inbox, ids } = await inboxOf('a');
    expect(await inbox.page(NUMBER, ids[0] ?? null, 5)).toEqual({
      nodes: [],
      pageInfo: { hasNextPage: false, endCursor: ids[0] },
    });
    expect((await inbox.page('300000', null, 5)).pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });

  it('keeps a pushed message once', async () => {
    const { inbox, ids } = await inboxOf('a');
    expect(await inbox.receive(sms('a'))).toEqual({ id: ids[0], appended: false });
    expect(inbox.numbers).toEqual([NUMBER]);
  });

  it('watches a number from a cursor', async () => {
    const { inbox, ids } = await inboxOf('a', 'b');
    const watch = await inbox.watch(NUMBER, ids[0] ?? null);
    expect((await watch.next()).value).toMatchObject({ id: ids[1], text: 'b' });
    await watch.return?.();
  });
});

describe('the delivery report hook', () => {
  const job = (kind: string, ref: string): JobRecord => ({
    id: `${kind}-${ref}`,
    kind,
    status: 'PENDING',
    input: {},
    ref,
    result: null,
    failure: null,
    createdAt: 0,
    updatedAt: 0,
    version: 1,
  });

  function hook(pending: JobRecord[]) {
    const checked: string[] = [];
    const onReport = followDeliveryReports({
      listPending: async () => pending,
      check: async (send) => {
        checked.push(send.id);
      },
      logger: createLogger('silent'),
    });
    return { onReport, checked };
  }

  it('checks the pending SMS send made with the trackId at once', async () => {
    const { onReport, checked } = hook([job('billInquiry', 't1'), job(SMS_DELIVERY, 't2'), job(SMS_DELIVERY, 't1')]);
    await onReport('t1', [{ to_number: '09121234567', status: 24 }]);
    expect(checked).toEqual([`${SMS_DELIVERY}-t1`]);
  });

  it('drops a report for no send being followed', async () => {
    const { onReport, checked } = hook([job('billInquiry', 't1')]);
    await onReport('t1', []);
    expect(checked).toEqual([]);
  });
});
