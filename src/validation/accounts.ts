import { BadUserInputError } from '../errors.js';
import { normalizeDigits } from './digits.js';

/** A 3-digit bank code such as `017`. */
export function parseBankCode(value: string, argumentPath: string): string {
  const code = normalizeDigits(value.trim());
  if (!/^\d{3}$/.test(code)) throw new BadUserInputError(argumentPath, 'expected a 3-digit bank code, e.g. 017');
  return code;
}

/**
 * An account number in the bank's own format: digits, with `.`, `/` or `-` between groups as the bank
 * writes it. The separators are kept, because the upstream wants each bank's own format.
 */
export function parseAccountNumber(value: string, argumentPath: string): string {
  const number = normalizeDigits(value.trim());
  if (!/^\d+([./-]\d+)*$/.test(number) || number.replace(/\D/g, '').length > 26) {
    throw new BadUserInputError(argumentPath, 'expected an account number: up to 26 digits, groups separated by ".", "/" or "-"');
  }
  return number;
}
