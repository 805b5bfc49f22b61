import { BadUserInputError } from '../../errors.js';
import { normalizeDigits, stripSeparators } from '../../lib/digits.js';

/** A bank guarantee id: 13 digits (wire facts §6); Persian digits and separators are accepted. */
export function parseGuaranteeId(value: string, argumentPath: string): string {
  const id = stripSeparators(normalizeDigits(value.trim()));
  if (!/^\d{13}$/.test(id))
    throw new BadUserInputError(argumentPath, 'expected a bank guarantee id of exactly 13 digits');
  return id;
}
