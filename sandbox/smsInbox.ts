/**
 * Inbound SMS waiting at the upstream for the client's sender numbers (wire facts §4.10): kept 48 hours
 * after they were received, and deleted once read.
 */
import { systemClock, type Clock } from '../src/lib/clock.js';
import { SENDER_NUMBERS } from './world/messaging.js';

/** How long the upstream keeps an inbound message nobody read. */
export const INBOX_RETENTION_MS = 48 * 60 * 60_000;

/** An inbound message as the upstream writes it. */
export interface InboundSmsWire {
  readonly sourceAddress: string;
  readonly destinationAddress: string;
  readonly messageText: string;
  /** UTC, ISO-8601. */
  readonly receiveDateTime: string;
}

/** A message to put in an inbox; received now unless `receiveDateTime` says when. */
export interface InboundSmsDelivery {
  readonly sourceAddress: string;
  readonly destinationAddress: string;
  readonly messageText: string;
  readonly receiveDateTime?: string;
}

export class SmsInboxes {
  private readonly inboxes = new Map<string, InboundSmsWire[]>();

  constructor(private readonly clock: Clock = systemClock) {}

  /** Whether `number` is one of the client's sender numbers. */
  has(number: string): boolean {
    return SENDER_NUMBERS.includes(number);
  }

  /** Puts a message in its destination's inbox; throws a RangeError for a number that is not the client's. */
  deliver(message: InboundSmsDelivery, now = this.clock.now()): InboundSmsWire {
    if (!this.has(message.destinationAddress))
      throw new RangeError(`${message.destinationAddress} is not a sender number of the client`);
    const at = message.receiveDateTime === undefined ? now : Date.parse(message.receiveDateTime);
    if (!Number.isFinite(at)) throw new RangeError(`receiveDateTime is not an ISO-8601 instant`);
    const stored: InboundSmsWire = {
      sourceAddress: message.sourceAddress,
      destinationAddress: message.destinationAddress,
      messageText: message.messageText,
      receiveDateTime: new Date(at).toISOString(),
    };
    const inbox = this.inboxes.get(stored.destinationAddress) ?? [];
    inbox.push(stored);
    this.inboxes.set(stored.destinationAddress, inbox);
    return stored;
  }

  /** The oldest `limit` messages of `number` still kept, removed from its inbox. */
  take(number: string, limit: number, now: number): InboundSmsWire[] {
    const kept = (this.inboxes.get(number) ?? []).filter(
      (message) => now - Date.parse(message.receiveDateTime) < INBOX_RETENTION_MS,
    );
    const read = kept.slice(0, limit);
    this.inboxes.set(number, kept.slice(read.length));
    return read;
  }

  /** How many messages wait for `number` (expired ones included until the next read). */
  waiting(number: string): number {
    return this.inboxes.get(number)?.length ?? 0;
  }
}
