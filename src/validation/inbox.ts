import { BadUserInputError } from '../errors.js';

/** An id of an inbound SMS stream, `<ms>-<seq>` as Redis Streams write it. */
const STREAM_ID = /^\d{1,15}-\d{1,15}$/;

/** Whether `text` is an id of an inbound SMS stream. */
export function isStreamId(text: string): boolean {
  return STREAM_ID.test(text);
}

/** One of the client's sender numbers, as configured. */
export function parseSenderNumber(value: string, numbers: readonly string[], argumentPath: string): string {
  const number = value.trim();
  if (!numbers.includes(number))
    throw new BadUserInputError(argumentPath, 'not a sender number of the client (the numbers SMS are received on)');
  return number;
}

/** A message id to read after; null when none is given. */
export function parseMessageCursor(value: string | null | undefined, argumentPath: string): string | null {
  if (value === null || value === undefined) return null;
  if (!isStreamId(value)) throw new BadUserInputError(argumentPath, 'not a message id; pass the `id` of a message');
  return value;
}
