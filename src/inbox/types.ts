import type { InboundSmsRecord } from '../datasources/flows/inbox.js';

export type { InboundSmsRecord } from '../datasources/flows/inbox.js';

/** An inbound SMS in its number's stream. */
export interface InboundSms extends InboundSmsRecord {
  /**
   * Its place in the stream of its number (`<ms>-<seq>`, as Redis Streams write it): ids grow in the order
   * messages were appended, and a reader resumes after the last id it saw.
   */
  readonly id: string;
}

export interface Appended {
  /** The message's id: the new entry's, or the one it was first appended under. */
  readonly id: string;
  /** False when the same message (same sender, number, text and receive time) was appended before. */
  readonly appended: boolean;
}

/** A listener's interest in the appends to one number's stream. */
export interface StreamWatch {
  /** Resolves once every append made after it is heard; rejects (`SERVICE_UNAVAILABLE`) when it cannot be. */
  readonly ready: Promise<void>;
  unsubscribe(): void;
}

/**
 * The durable stream of inbound SMS of each sender number: messages are appended once (a message polled
 * and also pushed by the webhook is kept once) and read after a cursor, in order. In memory it serves one
 * process; in Redis every replica, and it outlives them.
 */
export interface InboxStream {
  /** Appends `message` to the stream of `message.to`, unless the same message is kept already. */
  append(message: InboundSmsRecord): Promise<Appended>;
  /** At most `count` entries of `number` after `after` (exclusive; null: from the oldest kept), oldest first. */
  read(number: string, after: string | null, count: number): Promise<InboundSms[]>;
  /** The id of the newest entry of `number`; null when there is none. */
  last(number: string): Promise<string | null>;
  /**
   * Calls `listener` after an append to `number`, by any process (and after a lost connection comes
   * back, when appends may have been missed): a reader then reads after its cursor. Calls may come in
   * bursts or without a new entry.
   */
  watch(number: string, listener: () => void): StreamWatch;
  close(): Promise<void>;
}
