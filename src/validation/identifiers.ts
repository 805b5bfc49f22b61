import { BadUserInputError } from '../errors.js';
import { billIdCheckDigit, legalIdCheckDigit, nationalIdCheckDigit, passesIbanMod97, passesLuhn } from './checksums.js';
import { normalizeDigits, stripSeparators } from '../lib/digits.js';

export { billIdCheckDigit } from './checksums.js';

/** The shared first step of every parser: surrounding blanks off, Persian/Arabic digits to ASCII. */
function clean(value: string): string {
  return normalizeDigits(value.trim());
}

function isDigits(s: string, min: number, max = min): boolean {
  return s.length >= min && s.length <= max && /^[0-9]+$/.test(s);
}

function lastDigit(s: string): number {
  return s.charCodeAt(s.length - 1) - 48;
}

// --- person national id -------------------------------------------------------------------------

export function isValidNationalId(value: string): boolean {
  const id = clean(value);
  if (!isDigits(id, 10) || /^(\d)\1{9}$/.test(id)) return false;
  return nationalIdCheckDigit(id.slice(0, 9)) === lastDigit(id);
}

export function parseNationalId(value: string, argumentPath: string): string {
  const id = clean(value);
  if (!isDigits(id, 10)) {
    throw new BadUserInputError(argumentPath, 'expected a national id of exactly 10 digits');
  }
  if (!isValidNationalId(id)) {
    throw new BadUserInputError(argumentPath, 'not a valid national id: its check digit does not match');
  }
  return id;
}

// --- legal (company) national id ----------------------------------------------------------------

export function isValidLegalId(value: string): boolean {
  const id = clean(value);
  if (!isDigits(id, 11) || /^0+$/.test(id)) return false;
  return legalIdCheckDigit(id.slice(0, 10)) === lastDigit(id);
}

export function parseLegalId(value: string, argumentPath: string): string {
  const id = clean(value);
  if (!isDigits(id, 11)) {
    throw new BadUserInputError(argumentPath, 'expected a legal (company) national id of exactly 11 digits');
  }
  if (!isValidLegalId(id)) {
    throw new BadUserInputError(
      argumentPath,
      'not a valid legal (company) national id: its check digit does not match',
    );
  }
  return id;
}

// --- mobile number ------------------------------------------------------------------------------

/** Canonical `09XXXXXXXXX`, or null. Accepts `09…`, `9…` (10 digits), `989…`, `+989…` and `00989…`. */
export function canonicalMobile(value: string): string | null {
  const compact = clean(value).replace(/[\s\-()]/g, '');
  const match = /^(?:\+98|0098|98|0)?(9[0-9]{9})$/.exec(compact);
  return match?.[1] === undefined ? null : `0${match[1]}`;
}

export function isValidMobile(value: string): boolean {
  return canonicalMobile(value) !== null;
}

export function parseMobile(value: string, argumentPath: string): string {
  const mobile = canonicalMobile(value);
  if (mobile === null) {
    throw new BadUserInputError(
      argumentPath,
      'expected a mobile number of 11 digits starting with 09 (also accepted: +989…, 989…, or 9 followed by 9 digits)',
    );
  }
  return mobile;
}

// --- landline with area code --------------------------------------------------------------------

export function isValidLandline(value: string): boolean {
  const phone = clean(value);
  return isDigits(phone, 11) && phone.startsWith('0') && !phone.startsWith('09');
}

export function parseLandline(value: string, argumentPath: string): string {
  const phone = clean(value);
  if (!isValidLandline(phone)) {
    throw new BadUserInputError(
      argumentPath,
      'expected a landline number with its area code: 0 followed by 10 digits, not starting with 09 (e.g. 02177689361)',
    );
  }
  return phone;
}

// --- fixed-length numeric identifiers -----------------------------------------------------------

export function isValidLicenceNumber(value: string): boolean {
  return isDigits(clean(value), 10);
}

export function parseLicenceNumber(value: string, argumentPath: string): string {
  const licence = clean(value);
  if (!isDigits(licence, 10)) {
    throw new BadUserInputError(argumentPath, 'expected a driving licence number of exactly 10 digits');
  }
  return licence;
}

export function isValidSayadId(value: string): boolean {
  return isDigits(clean(value), 16);
}

export function parseSayadId(value: string, argumentPath: string): string {
  const sayadId = clean(value);
  if (!isDigits(sayadId, 16)) {
    throw new BadUserInputError(argumentPath, 'expected a Sayad cheque id of exactly 16 digits');
  }
  return sayadId;
}

export function isValidPostalCode(value: string): boolean {
  return isDigits(clean(value), 10);
}

export function parsePostalCode(value: string, argumentPath: string): string {
  const postalCode = clean(value);
  if (!isDigits(postalCode, 10)) {
    throw new BadUserInputError(argumentPath, 'expected a postal code of exactly 10 digits');
  }
  return postalCode;
}

// --- foreign person's number --------------------------------------------------------------------

/** A foreign person's number (designed, its format documented nowhere): 8 to 16 digits. */
export function parseForeignPersonNumber(value: string, argumentPath: string): string {
  const code = clean(value);
  if (!isDigits(code, 8, 16)) {
    throw new BadUserInputError(argumentPath, "expected a foreign person's number of 8 to 16 digits");
  }
  return code;
}

// --- IBAN (Sheba) -------------------------------------------------------------------------------

/** `IR` + 24 digits after removing spaces and upper-casing; 24 bare digits get `IR` prepended. */
function canonicalIban(value: string): string {
  const compact = clean(value).replace(/\s/g, '').toUpperCase();
  return isDigits(compact, 24) ? `IR${compact}` : compact;
}

export function isValidIban(value: string): boolean {
  const iban = canonicalIban(value);
  return /^IR[0-9]{24}$/.test(iban) && passesIbanMod97(iban);
}

export function parseIban(value: string, argumentPath: string): string {
  const iban = canonicalIban(value);
  if (!/^IR[0-9]{24}$/.test(iban)) {
    throw new BadUserInputError(argumentPath, 'expected an IBAN of IR followed by 24 digits (26 characters)');
  }
  if (!passesIbanMod97(iban)) {
    throw new BadUserInputError(argumentPath, 'not a valid IBAN: its check digits do not match (mod 97)');
  }
  return iban;
}

// --- card number --------------------------------------------------------------------------------

export function isValidCardNumber(value: string): boolean {
  const card = stripSeparators(clean(value));
  return isDigits(card, 16) && passesLuhn(card);
}

export function parseCardNumber(value: string, argumentPath: string): string {
  const card = stripSeparators(clean(value));
  if (!isDigits(card, 16)) {
    throw new BadUserInputError(
      argumentPath,
      'expected a card number of 16 digits (spaces, - and / between digits are allowed)',
    );
  }
  if (!passesLuhn(card)) {
    throw new BadUserInputError(argumentPath, 'not a valid card number: its check digit does not match (Luhn)');
  }
  return card;
}

// --- bill identifier and gas subscription number ------------------------------------------------

export function isValidBillId(value: string): boolean {
  const billId = clean(value);
  return isDigits(billId, 6, 13) && billIdCheckDigit(billId.slice(0, -1)) === lastDigit(billId);
}

export function parseBillId(value: string, argumentPath: string): string {
  const billId = clean(value);
  if (!isDigits(billId, 6, 13)) {
    throw new BadUserInputError(argumentPath, 'expected a bill identifier of 6 to 13 digits');
  }
  if (!isValidBillId(billId)) {
    throw new BadUserInputError(argumentPath, 'not a valid bill identifier: its check digit does not match');
  }
  return billId;
}

export function isValidGasSubscriptionNumber(value: string): boolean {
  return isDigits(clean(value), 6, 15);
}

export function parseGasSubscriptionNumber(value: string, argumentPath: string): string {
  const subscription = clean(value);
  if (!isDigits(subscription, 6, 15)) {
    throw new BadUserInputError(argumentPath, 'expected a gas subscription number of 6 to 15 digits');
  }
  return subscription;
}
