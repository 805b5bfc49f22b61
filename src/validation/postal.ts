import { BadUserInputError } from '../errors.js';
import { normalizeDigits } from '../lib/digits.js';

/** A postal parcel tracking code: 20 to 24 digits. */
export function parseParcelTrackingCode(value: string, argumentPath: string): string {
  const code = normalizeDigits(value.trim());
  if (!/^\d{20,24}$/.test(code))
    throw new BadUserInputError(argumentPath, 'expected a parcel tracking code of 20 to 24 digits');
  return code;
}
