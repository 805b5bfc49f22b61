/** Checks the input of an SMS send before anything is claimed, throttled or sent; each problem on its argument. */
import type { SendSmsInput } from '../../__generated__/resolvers-types.js';
import type { SmsOrderRecord } from '../../datasources/types/messaging.js';
import { BadUserInputError } from '../../errors.js';
import { normalizeDigits } from '../../lib/digits.js';
import { parseIdempotencyKey } from '../../validation/idempotencyKey.js';
import { parseMobile } from '../../validation/identifiers.js';
import { parseText } from '../../validation/text.js';

/** Designed limits (catalog notes of `facilityFinnotextPost`). */
const MAX_MESSAGES = 100;
const TEXT_RULE = {
  min: 1,
  max: 1_000,
  allowed: /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\u200c]*$/u,
  allowedText: 'letters, digits, punctuation, symbols and spaces',
} as const;
const TEMPLATE_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** `value` when it is one of the client's sender numbers; refused on `path` otherwise. */
export function parseSenderNumber(value: string, path: string, senderNumbers: readonly string[]): string {
  const number = normalizeDigits(value.trim());
  if (senderNumbers.length === 0) throw new BadUserInputError(path, 'no SMS sender number is configured');
  if (!senderNumbers.includes(number))
    throw new BadUserInputError(path, `expected one of the client's sender numbers: ${senderNumbers.join(', ')}`);
  return number;
}

export function parseSendSmsInput(
  input: SendSmsInput,
  senderNumbers: readonly string[],
): { idempotencyKey: string; order: SmsOrderRecord } {
  const idempotencyKey = parseIdempotencyKey(input.idempotencyKey, 'input.idempotencyKey');
  const from = parseSenderNumber(input.from, 'input.from', senderNumbers);
  if (input.messages.length < 1 || input.messages.length > MAX_MESSAGES)
    throw new BadUserInputError('input.messages', `expected 1–${MAX_MESSAGES} messages`);
  const messages = input.messages.map((message, i) => ({
    to: parseMobile(message.to, `input.messages[${i}].to`),
    text: parseText(message.text, `input.messages[${i}].text`, TEXT_RULE),
  }));
  const templateId = parseTemplateId(input.templateId, 'input.templateId');
  return { idempotencyKey, order: { from, messages, templateId } };
}

/** An upstream template id, or null when none is given; refused on `path` when malformed. */
export function parseTemplateId(value: string | null | undefined, path: string): string | null {
  const templateId = value ?? null;
  if (templateId !== null && !TEMPLATE_ID.test(templateId))
    throw new BadUserInputError(path, 'expected 1–100 letters, digits, `-` or `_`');
  return templateId;
}

/** A one-time password as the person typed it: six digits, Persian or Arabic ones accepted. */
export function parseOneTimeCode(value: string, path: string): string {
  const code = normalizeDigits(value.trim());
  if (!/^\d{6}$/.test(code)) throw new BadUserInputError(path, 'expected the six-digit code');
  return code;
}
