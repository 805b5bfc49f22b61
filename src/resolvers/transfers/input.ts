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

const optional = (value: string | null | undefined): string | null =>
  value === null || value === undefined ? null : normalizeDigits(value.trim());

/** The bank-specific fields (wire facts §4.9), only those given: an order without them fingerprints as before. */
function bankFields(input: TransferInput): Partial<TransferOrderRecord> {
  const reasonDescription = optional(input.reasonDescription);
  if (reasonDescription !== null && !/^[A-Za-z0-9]{1,10}$/.test(reasonDescription))
    throw new BadUserInputError('input.reasonDescription', 'expected a purpose code of 1 to 10 letters or digits');
  const given = (value: string | null | undefined) => value !== null && value !== undefined;
  if (given(input.sourceFirstName) !== given(input.sourceLastName))
    throw new BadUserInputError(
      given(input.sourceFirstName) ? 'input.sourceLastName' : 'input.sourceFirstName',
      'give both source names or neither',
    );
  const fields: Partial<Record<keyof TransferOrderRecord, string>> = {};
  if (reasonDescription !== null) fields.reasonDescription = reasonDescription;
  if (input.sourceFirstName)
    fields.sourceFirstName = parseText(input.sourceFirstName, 'input.sourceFirstName', NAME_RULE);
  if (input.sourceLastName) fields.sourceLastName = parseText(input.sourceLastName, 'input.sourceLastName', NAME_RULE);
  if (given(input.merchantName))
    fields.merchantName = parseText(input.merchantName ?? '', 'input.merchantName', DESCRIPTION_RULE);
  if (given(input.merchantIban)) fields.merchantIban = parseIban(input.merchantIban ?? '', 'input.merchantIban');
  return fields;
}

/**
 * The fields a source bank requires (wire facts §4.9 transferTo): Ayandeh the payment id and the purpose
 * code, Keshavarzi the source holder's names (its `deposit`, the source account, is always sent), Parsian
 * the transfer PIN. The order's other fields are not asked for by any bank.
 */
const REQUIRED_BY_BANK: Readonly<
  Record<
    string,
    readonly ('paymentNumber' | 'reasonDescription' | 'sourceFirstName' | 'sourceLastName' | 'secondPassword')[]
  >
> = {
  '062': ['paymentNumber', 'reasonDescription'],
  '016': ['sourceFirstName', 'sourceLastName'],
  '054': ['secondPassword'],
};
const BANK_NAMES: Readonly<Record<string, string>> = { '062': 'Ayandeh', '016': 'Keshavarzi', '054': 'Parsian' };

/**
 * Refuses, before anything is claimed or sent, an order missing a field its source bank requires:
 * `BAD_USER_INPUT` at that field. `sourceBankCode` is the consent's bank (the source account's); with
 * none known, the bank is left to refuse.
 */
export function requireBankFields(
  sourceBankCode: string | null,
  order: TransferOrderRecord,
  secondPassword: string | null,
): void {
  if (sourceBankCode === null) return;
  const given = { ...order, secondPassword };
  for (const field of REQUIRED_BY_BANK[sourceBankCode] ?? []) {
    const value = given[field];
    if (value === null || value === undefined || value === '')
      throw new BadUserInputError(
        `input.${field}`,
        `${BANK_NAMES[sourceBankCode] ?? sourceBankCode} (${sourceBankCode}) source accounts require it`,
      );
  }
}

/** The transfer PIN: 4–12 digits, or none. */
export function parseSecondPassword(value: string | null | undefined): string | null {
  const pin = optional(value);
  if (pin !== null && !/^\d{4,12}$/.test(pin))
    throw new BadUserInputError('input.secondPassword', 'expected a transfer PIN of 4 to 12 digits');
  return pin;
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
      ...bankFields(input),
    },
  };
}
