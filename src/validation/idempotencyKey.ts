import { BadUserInputError } from '../errors.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** The client's key of an action that must happen at most once (a transfer, a cheque action). */
export function parseIdempotencyKey(value: string, path: string): string {
  if (!IDEMPOTENCY_KEY.test(value)) throw new BadUserInputError(path, 'expected 1–64 letters, digits, `-` or `_`');
  return value;
}
