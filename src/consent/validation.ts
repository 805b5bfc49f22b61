import { BadUserInputError } from '../errors.js';
import { normalizeDigits } from '../lib/digits.js';

/** The SMS one-time code: 5 letters or digits (wire facts §6); Persian digits are accepted. */
export function parseOtp(value: string, argumentPath: string): string {
  const otp = normalizeDigits(value.trim());
  if (!/^[A-Za-z0-9]{5}$/.test(otp))
    throw new BadUserInputError(argumentPath, 'expected the 5 letters or digits of the code the person received');
  return otp;
}

/** A consent id as a challenge gave it. */
export function parseConsentId(value: string, argumentPath: string): string {
  const id = value.trim();
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new BadUserInputError(argumentPath, 'not a consent id');
  return id;
}

/** The `code` (or `state`) query parameter of the authorization redirect. */
export function parseRedirectValue(value: string, argumentPath: string): string {
  const code = value.trim();
  if (!/^[A-Za-z0-9._~-]{1,512}$/.test(code))
    throw new BadUserInputError(argumentPath, 'expected the value of the redirect query parameter as it came');
  return code;
}
