/**
 * The upstream's inbox of inbound SMS (wire facts §4.10): what was sent to one of the client's sender
 * numbers, deleted upstream once read. Read by the inbox poller outside any request, with the process's
 * own access; what it reads must be kept at once, since nothing can read it again.
 */
import { systemClock, type Clock } from '../../lib/clock.js';
import { ReceivedSmsAnswer } from '../records/inbox.js';
import type { UpstreamAccess } from '../shared/requestUpstream.js';
import { decode } from '../shared/shapes.js';

/** An inbound SMS, as the subgraph keeps it. */
export interface InboundSmsRecord {
  /** Who sent it, as the upstream wrote it. */
  readonly from: string;
  /** The sender number of the client it was sent to. */
  readonly to: string;
  readonly text: string;
  /** When the upstream received it, ISO-8601 UTC (`…Z`). */
  readonly receivedAt: string;
}

/** The most messages one read asks for: a read whose answer is lost loses at most this many. */
export const INBOX_READ_LIMIT = 100;

const OFFSET = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;

/**
 * An upstream receive time as ISO-8601 UTC; null when it is not an instant. The upstream writes UTC, so a
 * time without an offset is read as UTC (never as the process's local time).
 */
export function receiveTimeOf(text: string | null): string | null {
  if (text === null) return null;
  const at = Date.parse(OFFSET.test(text) ? text : `${text}Z`);
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}

export interface InboxRead {
  readonly messages: readonly InboundSmsRecord[];
  /** Whether the read was full: more may wait. */
  readonly full: boolean;
  /** Messages whose receive time could not be read: the time of the read stands for it. */
  readonly undated: number;
}

/**
 * Reads (and so deletes upstream) the oldest messages of `destinationNumber`, at most `limit`; sent once,
 * never resent. Each is kept under `destinationNumber`, whatever spelling the upstream gives it.
 */
export async function readInbox(
  upstream: Pick<UpstreamAccess, 'send'>,
  destinationNumber: string,
  options: { limit?: number; clock?: Clock } = {},
): Promise<InboxRead> {
  const limit = options.limit ?? INBOX_READ_LIMIT;
  const answer = await upstream.send('facilityReceiveSmsGet', { query: { destinationNumber, limit: String(limit) } });
  const { data } = decode('facilityReceiveSmsGet', answer, ReceivedSmsAnswer);
  const readAt = new Date((options.clock ?? systemClock).now()).toISOString();
  let undated = 0;
  const messages = data.map((item): InboundSmsRecord => {
    const receivedAt = receiveTimeOf(item.receiveDateTime);
    if (receivedAt === null) undated += 1;
    return {
      from: item.sourceAddress ?? '',
      to: destinationNumber,
      text: item.messageText,
      receivedAt: receivedAt ?? readAt,
    };
  });
  // Oldest first, whatever order the answer had; equal times keep it.
  const ordered = messages
    .map((message, index) => ({ message, index }))
    .sort((a, b) => a.message.receivedAt.localeCompare(b.message.receivedAt) || a.index - b.index)
    .map(({ message }) => message);
  return { messages: ordered, full: data.length >= limit, undated };
}
