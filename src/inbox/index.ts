/**
 * Inbound SMS as the graph serves them: the streams of the client's sender numbers, read a page at a time
 * or followed from a cursor.
 */
import type { Appended, InboundSms, InboundSmsRecord, InboxStream } from './types.js';
import { InboxWatch } from './watch.js';

export type { InboundSms, InboxStream } from './types.js';

export interface InboxPage {
  readonly nodes: readonly InboundSms[];
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
}

export class Inbox {
  constructor(
    /** The client's sender numbers: the only ones with a stream. */
    readonly numbers: readonly string[],
    private readonly stream: InboxStream,
  ) {}

  /** At most `first` messages of `number` after `after` (null: from the oldest kept), oldest first. */
  async page(number: string, after: string | null, first: number): Promise<InboxPage> {
    const read = await this.stream.read(number, after, first + 1);
    const nodes = read.slice(0, first);
    return {
      nodes,
      pageInfo: { hasNextPage: read.length > first, endCursor: nodes.at(-1)?.id ?? after },
    };
  }

  /** Every message of `number` after `after`, then each new one; with no cursor, those appended from now on. */
  watch(number: string, after: string | null): Promise<AsyncIterableIterator<InboundSms>> {
    return InboxWatch.open(this.stream, number, after);
  }

  /** Appends a message pushed to the subgraph (the webhook); kept once however often it arrives. */
  receive(message: InboundSmsRecord): Promise<Appended> {
    return this.stream.append(message);
  }
}
