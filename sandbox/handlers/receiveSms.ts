import type { SmsInboxes } from '../smsInbox.js';
import { done, fail, type OperationHandler } from './types.js';

const invalid = (message: string) => fail({ status: 400, code: 'VALIDATION_ERROR', message });

/** `facilityReceiveSmsGet`: the oldest messages of a sender number, at most `limit` (1–1000, default 1000), deleted once read. */
export function receiveSms(inboxes: SmsInboxes): OperationHandler {
  return ({ query, now }) => {
    const number = query['destinationNumber'];
    if (!number || !inboxes.has(number)) return invalid('invalid destinationNumber');
    const limit = query['limit'] === undefined ? 1000 : Number(query['limit']);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return invalid('invalid limit');
    return done({ data: inboxes.take(number, limit, now) });
  };
}
