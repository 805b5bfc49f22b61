/**
 * Finnotext (wire facts §4.10): bulk SMS from the client's sender numbers, the delivery report of a send
 * by its trackId, and the one-time-password SMS. Every SMS it "sends" is kept in its outbox, which tests
 * read (the code of a one-time password, the texts of a send). Refusals are worded as the upstream's (§3.2).
 */
import { jsonObject } from '../requestBody.js';
import { deliveryAt, partsOf, recipientMobile, SENDER_NUMBERS } from '../world/messaging.js';
import type { SentSms } from '../types.js';
import { guarded, reject } from './inputs.js';
import { done, fail, type OperationHandler } from './types.js';

/** Designed limits (catalog notes): recipients per send and characters per text. */
const MAX_RECIPIENTS = 100;
const MAX_TEXT = 1_000;

interface Send {
  readonly at: number;
  /** The recipients kept (valid mobiles), each as it was written and in `09…` form. */
  readonly recipients: ReadonlyArray<{ readonly written: string; readonly mobile: string }>;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** A number as the delivery report shows it: as it was sent, its last 8 digits masked (`+9891********`). */
const masked = (written: string): string => written.replace(/\d(?=(?:\D*\d){0,7}\D*$)/g, '*');

function checkSource(from: unknown): string {
  if (!isText(from) || !/^\+?\d{3,20}$/.test(from)) reject('invalid source');
  if (!SENDER_NUMBERS.includes(from)) reject('sender number not registered for client');
  return from;
}

function checkText(text: string): void {
  if (text.trim() === '') reject('invalid message');
  if ([...text].length > MAX_TEXT) reject('parameter exceeds limit');
}

function checkTemplate(templateId: unknown): string | null {
  if (templateId === undefined || templateId === null) return null;
  if (!isText(templateId) || [...templateId].length > 100) reject('parameter exceeds limit');
  return templateId;
}

export class Finnotext {
  private readonly sends = new Map<string, Send>();
  private readonly outbox: SentSms[] = [];

  constructor(private readonly deliveryMs: () => number) {}

  /** Every SMS sent so far, oldest first. */
  sent(): readonly SentSms[] {
    return this.outbox.map((sms) => ({ ...sms }));
  }

  readonly send: OperationHandler = guarded(({ query, body, now }) => {
    const trackId = query['trackId'];
    if (!trackId) reject('trackId is required');
    const fields = jsonObject(body);
    if (!fields) reject('invalid body');
    const from = checkSource(fields['from']);
    const { to, message } = fields;
    if (!Array.isArray(to) || !to.every(isText)) reject('invalid destination');
    if (!Array.isArray(message) || !message.every(isText)) reject('invalid message');
    if (to.length !== message.length) reject('sizes of to and message differ');
    if (to.length > MAX_RECIPIENTS) reject('parameter exceeds limit');
    message.forEach(checkText);
    const templateId = checkTemplate(fields['templateId']);
    // Invalid numbers are dropped, as documented; a send left with none is refused.
    const kept = to.flatMap((written, i) => {
      const mobile = recipientMobile(written);
      return mobile === null ? [] : [{ written, mobile, text: message[i] ?? '' }];
    });
    if (kept.length === 0) reject('invalid destination');
    this.sends.set(trackId, { at: now, recipients: kept });
    for (const { mobile, text } of kept)
      this.outbox.push({ kind: 'BULK', trackId, from, to: mobile, text, templateId, at: now });
    return done({
      numberOfRecords: String(kept.length),
      numberOfParts: String(kept.reduce((sum, { text }) => sum + partsOf(text), 0)),
    });
  });

  readonly inquiry: OperationHandler = ({ query, now }) => {
    if (!query['trackId']) return fail({ status: 400, code: 'VALIDATION_ERROR', message: 'trackId is required' });
    const inquiryTrackId = query['inquiryTrackId'];
    if (!inquiryTrackId) return fail({ status: 400, code: 'VALIDATION_ERROR', message: 'inquiryTrackId is required' });
    const send = this.sends.get(inquiryTrackId);
    if (!send) return fail({ status: 404, code: 'NOT_FOUND', message: 'no message was sent with this trackId' });
    return done({
      messages_status: send.recipients.map(({ written, mobile }) => ({
        to_number: masked(written),
        status: deliveryAt(mobile, now - send.at, this.deliveryMs()),
      })),
    });
  };

  readonly otp: OperationHandler = guarded(({ query, body, now }) => {
    const trackId = query['trackId'];
    if (!trackId) reject('trackId is required');
    const fields = jsonObject(body);
    if (!fields) reject('invalid body');
    const from = checkSource(fields['from']);
    const { to, message } = fields;
    const mobile = isText(to) ? recipientMobile(to) : null;
    if (mobile === null) reject('invalid destination');
    if (!isText(message)) reject('invalid message');
    checkText(message);
    const templateId = checkTemplate(fields['templateId']);
    this.outbox.push({ kind: 'OTP', trackId, from, to: mobile, text: message, templateId, at: now });
    return done({ message: 'request received' });
  });
}
