import type { InboundSms, InboxStream, StreamWatch } from './types.js';

/** Entries read from the stream at a time, while a reader catches up. */
const BATCH = 100;

/**
 * A reader of one number's stream: every entry after its cursor, then each new one, once and in order.
 * It reads the stream itself (a notification only wakes it), so nothing is skipped or repeated whatever
 * notifications are lost, doubled or late; it reads only when asked for the next entry.
 */
export class InboxWatch implements AsyncIterableIterator<InboundSms> {
  private readonly buffer: InboundSms[] = [];
  private readonly subscription: StreamWatch;
  private wake: (() => void) | null = null;
  private woken = false;
  private done = false;

  /** Subscribes first: `start` reads the cursor to begin at (null: after the newest entry then). */
  private constructor(
    private readonly stream: InboxStream,
    private readonly number: string,
    private cursor: string | null,
  ) {
    this.subscription = stream.watch(number, () => this.notify());
  }

  /** A reader of `number` after `after`; with no cursor, of the entries appended from now on. */
  static async open(stream: InboxStream, number: string, after: string | null): Promise<InboxWatch> {
    const watch = new InboxWatch(stream, number, after);
    try {
      await watch.subscription.ready;
      // Read once subscribed: an entry appended between the two is then read, not missed.
      if (after === null) watch.cursor = (await stream.last(number)) ?? '0-0';
    } catch (error) {
      await watch.return();
      throw error;
    }
    return watch;
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<InboundSms> {
    return this;
  }

  async next(): Promise<IteratorResult<InboundSms>> {
    for (;;) {
      if (this.done) return { value: undefined, done: true };
      const ready = this.buffer.shift();
      if (ready) return { value: ready, done: false };
      // Armed before reading: an append announced during the read wakes the wait below.
      this.woken = false;
      let page: InboundSms[];
      try {
        page = await this.stream.read(this.number, this.cursor, BATCH);
      } catch (error) {
        // graphql-ws forgets a subscription whose next() failed without calling return(): release here.
        await this.return();
        throw error;
      }
      if (this.done) return { value: undefined, done: true };
      const newest = page.at(-1);
      if (newest) {
        this.buffer.push(...page);
        this.cursor = newest.id;
        continue;
      }
      if (!this.woken) await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  async return(): Promise<IteratorResult<InboundSms>> {
    if (!this.done) {
      this.done = true;
      this.subscription.unsubscribe();
      this.buffer.length = 0;
      this.release();
    }
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<InboundSms>> {
    await this.return();
    throw error;
  }

  private notify(): void {
    this.woken = true;
    this.release();
  }

  private release(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
