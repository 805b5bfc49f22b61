import { BadUserInputError } from '../errors.js';
import { normalizeDigits } from '../lib/digits.js';

/**
 * The digits an account number may have. Iranian banks' numbers run from 9 digits (e.g. `10.6423499.1`,
 * wire facts §4.2) to 17 or so; fewer than 6 names no account at any bank (designed, see the catalog).
 */
export const ACCOUNT_NUMBER_DIGITS = { min: 6, max: 26 } as const;

/** A 3-digit bank code such as `017`. */
export function parseBankCode(value: string, argumentPath: string): string {
  const code = normalizeDigits(value.trim());
  if (!/^\d{3}$/.test(code)) throw new BadUserInputError(argumentPath, 'expected a 3-digit bank code, e.g. 017');
  return code;
}

/**
 * An account number in the bank's own format: 6 to 26 digits, with one `.`, `/` or `-` between groups
 * as the bank writes it. The separators are kept, because the upstream wants each bank's own format.
 */
export function parseAccountNumber(value: string, argumentPath: string): string {
  const number = normalizeDigits(value.trim());
  if (!isAccountNumber(number)) {
    throw new BadUserInputError(
      argumentPath,
      `expected an account number of ${ACCOUNT_NUMBER_DIGITS.min} to ${ACCOUNT_NUMBER_DIGITS.max} digits, groups separated by ".", "/" or "-"`,
    );
  }
  return number;
}

/** Whether `number` (digits already normalised) is an account number as `parseAccountNumber` takes it. */
export function isAccountNumber(number: string): boolean {
  const digits = number.replace(/\D/g, '').length;
  return /^\d+([./-]\d+)*$/.test(number) && digits >= ACCOUNT_NUMBER_DIGITS.min && digits <= ACCOUNT_NUMBER_DIGITS.max;
}
