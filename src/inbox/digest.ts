import { createHash } from 'node:crypto';
import type { InboundSmsRecord } from './types.js';

/** What makes two inbound SMS the same message: sender, number, text and receive time. */
export function messageDigest(message: InboundSmsRecord): string {
  return createHash('sha256')
    .update(JSON.stringify([message.from, message.to, message.text, message.receivedAt]))
    .digest('hex');
}
