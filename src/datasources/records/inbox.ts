/** The answer of the inbound SMS read (`facilityReceiveSmsGet`, wire facts §4.10). */
import { z } from 'zod';
import { list, record, text } from '../shared/shapes.js';

/** A message's text exactly as sent (spaces are part of it); absent or null reads as empty. */
const messageText = z
  .unknown()
  .optional()
  .transform((value): string => {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    return '';
  });

/** `facilityReceiveSmsGet`: the messages read (and so deleted upstream), oldest first. */
export const ReceivedSmsAnswer = record({
  data: list(
    record({
      sourceAddress: text,
      destinationAddress: text,
      messageText,
      receiveDateTime: text,
    }),
  ),
});
