/** What the inbox tests share: a fake upstream inbox and a stream that fails on demand. */
import type { InboxRead } from '../../src/datasources/flows/inbox.js';
import { MemoryInboxStream } from '../../src/inbox/memoryStream.js';
import type { Appended, InboundSmsRecord } from '../../src/inbox/types.js';
import { sms } from './streamContract.js';

/** The upstream's inboxes: a read answers the oldest messages and deletes them; each read is recorded. */
export class FakeUpstreamInbox {
  private readonly waiting = new Map<string, InboundSmsRecord[]>();
  readonly reads: Array<{ readonly by: string; readonly number: string; readonly count: number }> = [];
  private seconds = 0;

  /** Puts messages in `number`'s inbox, each received a second after the one before. */
  deliver(number: string, ...texts: string[]): void {
    const inbox = this.waiting.get(number) ?? [];
    for (const text of texts) {
      this.seconds += 1;
      inbox.push(
        sms(text, { to: number, receivedAt: new Date(Date.UTC(2026, 10, 25, 10, 0, this.seconds)).toISOString() }),
      );
    }
    this.waiting.set(number, inbox);
  }

  /** A reader for the poller of process `by`, `limit` messages at most per read. */
  reader(by: string, limit = 100): (number: string) => Promise<InboxRead> {
    return async (number) => {
      const inbox = this.waiting.get(number) ?? [];
      const messages = inbox.splice(0, limit);
      this.reads.push({ by, number, count: messages.length });
      return { messages, full: messages.length === limit, undated: 0 };
    };
  }

  readsBy(by: string): number {
    return this.reads.filter((read) => read.by === by).length;
  }
}

/** A memory stream whose next `failures` appends fail. */
export class FlakyStream extends MemoryInboxStream {
  failures = 0;

  constructor() {
    super(60_000);
  }

  override async append(message: InboundSmsRecord): Promise<Appended> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('store down');
    }
    return super.append(message);
  }
}
