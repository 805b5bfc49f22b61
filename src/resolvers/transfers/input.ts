/** Checks a transfer's input before anything is claimed or sent; each problem is reported on its argument. */
import type { TransferInput } from '../../__generated__/resolvers-types.js';
import type { TransferOrderRecord } from '../../datasources/types/transfers.js';
import { BadUserInputError } from '../../errors.js';
import { normalizeDigits } from '../../validation/digits.js';
import { parseIban, parseNationalId } from '../../validation/identifiers.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,64}$/;
/** An account number in a bank's own format: digits, with `.`, `-` or `/` between groups. */
const ACCOUNT_NUMBER = /^\d(?:[\d.\-/]{2,30})\d$/;
const NAME_LENGTH = { min: 2, max: 30 } as const;
const DESCRIPTION_MAX = 30;
const MAX_AMOUNT = 10n ** 15n;

export function parseIdempotencyKey(value: string, path: string): string {
  if (!IDEMPOTENCY_KEY.test(value)) throw new BadUserInputError(path, 'expected 1–64 letters, digits, `-` or `_`');
  return value;
}

function accountNumber(value: string, path: string): string {
  const text = normalizeDigits(value.trim());
  if (!ACCOUNT_NUMBER.test(text)) throw new BadUserInputError(path, "expected an account number in its bank's format (digits, with `.`, `-` or `/` between groups)");
  return text;
}

function destinationOf(value: string, path: string): string {
  const text = normalizeDigits(value.trim()).toUpperCase();
  return text.startsWith('IR') ? parseIban(text, path) : accountNumber(text, path);
}

function optionalName(value: string | null | undefined, path: string): string | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (text.length < NAME_LENGTH.min || text.length > NAME_LENGTH.max) throw new BadUserInputError(path, 'expected 2–30 characters');
  return text;
}

export function parseTransferInput(input: TransferInput): { idempotencyKey: string; order: TransferOrderRecord } {
  const idempotencyKey = parseIdempotencyKey(input.idempotencyKey, 'input.idempotencyKey');
  const amount = BigInt(input.amount);
  // Sent as a JSON number: kept far below 2^53 so every rial survives, and far above every rail's limit.
  if (amount <= 0n || amount > MAX_AMOUNT) throw new BadUserInputError('input.amount', 'expected a positive number of rials, at most 10^15');
  const description = input.description.trim();
  if (description.length === 0 || description.length > DESCRIPTION_MAX || description.includes('--')) {
    throw new BadUserInputError('input.description', 'expected 1–30 characters without `--`');
  }
  const paymentNumber = input.paymentNumber === null || input.paymentNumber === undefined ? null : normalizeDigits(input.paymentNumber.trim());
  if (paymentNumber !== null && !/^\d{1,30}$/.test(paymentNumber)) throw new BadUserInputError('input.paymentNumber', 'expected up to 30 digits');
  return {
    idempotencyKey,
    order: {
      nationalId: parseNationalId(input.nationalId, 'input.nationalId'),
      sourceAccountNumber: accountNumber(input.sourceAccountNumber, 'input.sourceAccountNumber'),
      destination: destinationOf(input.destination, 'input.destination'),
      amount: input.amount,
      description,
      destinationFirstName: optionalName(input.destinationFirstName, 'input.destinationFirstName'),
      destinationLastName: optionalName(input.destinationLastName, 'input.destinationLastName'),
      paymentNumber,
    },
  };
}
