/** Checks a transfer's input before anything is claimed or sent; each problem is reported on its argument. */
import type { TransferInput } from '../../__generated__/resolvers-types.js';
import type { TransferOrderRecord } from '../../datasources/types/transfers.js';
import { BadUserInputError } from '../../errors.js';
import { parseAccountNumber } from '../../validation/accounts.js';
import { normalizeDigits } from '../../lib/digits.js';
import { parseIban, parseNationalId } from '../../validation/identifiers.js';
import { BANK_TEXT, parseText, PERSON_NAME } from '../../validation/text.js';
import { parseIdempotencyKey } from '../../validation/idempotencyKey.js';
import { checkTransferAmount, type TransferDestinationKind } from '../../validation/transfers.js';

/** The bank's lengths (wire facts §6): names 2–30 characters, a description at most 30. */
const NAME_RULE = { min: 2, max: 30, allowed: PERSON_NAME, allowedText: "letters, spaces and . ' -" } as const;
const DESCRIPTION_RULE = {
  min: 1,
  max: 30,
  allowed: BANK_TEXT,
  allowedText: 'letters, digits, punctuation and spaces',
} as const;

function destinationOf(value: string, path: string): { destination: string; kind: TransferDestinationKind } {
  const text = normalizeDigits(value.trim()).toUpperCase();
  return text.startsWith('IR')
    ? { destination: parseIban(text, path), kind: 'IBAN' }
    : { destination: parseAccountNumber(text, path), kind: 'ACCOUNT_NUMBER' };
}

/** A destination holder's name: optional for an internal transfer, required for Paya and Satna (an IBAN). */
function destinationName(value: string | null | undefined, path: string, kind: TransferDestinationKind): string | null {
  if (value === null || value === undefined) {
    if (kind === 'IBAN')
      throw new BadUserInputError(
        path,
        "the bank needs the destination holder's name for a transfer to an IBAN (Paya or Satna)",
      );
    return null;
  }
  return parseText(value, path, NAME_RULE);
}

export function parseTransferInput(input: TransferInput): { idempotencyKey: string; order: TransferOrderRecord } {
  const idempotencyKey = parseIdempotencyKey(input.idempotencyKey, 'input.idempotencyKey');
  const nationalId = parseNationalId(input.nationalId, 'input.nationalId');
  const sourceAccountNumber = parseAccountNumber(input.sourceAccountNumber, 'input.sourceAccountNumber');
  const { destination, kind } = destinationOf(input.destination, 'input.destination');
  checkTransferAmount(BigInt(input.amount), kind, 'input.amount');
  const description = parseText(input.description, 'input.description', DESCRIPTION_RULE);
  // The bank refuses repeated `-` in a description (wire facts §4.9).
  if (description.includes('--')) throw new BadUserInputError('input.description', 'expected no `--`');
  const paymentNumber =
    input.paymentNumber === null || input.paymentNumber === undefined
      ? null
      : normalizeDigits(input.paymentNumber.trim());
  if (paymentNumber !== null && !/^\d{1,30}$/.test(paymentNumber))
    throw new BadUserInputError('input.paymentNumber', 'expected up to 30 digits');
  return {
    idempotencyKey,
    order: {
      nationalId,
      sourceAccountNumber,
      destination,
      amount: input.amount,
      description,
      destinationFirstName: destinationName(input.destinationFirstName, 'input.destinationFirstName', kind),
      destinationLastName: destinationName(input.destinationLastName, 'input.destinationLastName', kind),
      paymentNumber,
    },
  };
}
