// Check-digit algorithms over strings of ASCII digits. Callers check length and characters first.

function digitAt(digits: string, index: number): number {
  return digits.charCodeAt(index) - 48;
}

/** Check digit of a person's national id from its first 9 digits (weights 10..2, mod 11). */
export function nationalIdCheckDigit(firstNine: string): number {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += digitAt(firstNine, i) * (10 - i);
  const r = sum % 11;
  return r < 2 ? r : 11 - r;
}

const LEGAL_ID_WEIGHTS = [29, 27, 23, 19, 17] as const;

/**
 * Check digit of an 11-digit legal (company) national id from its first 10 digits: the 10th digit
 * plus 2 is added to every one of the 10 digits, weighted 29,27,23,19,17 (repeated), sum mod 11,
 * and a remainder of 10 becomes 0.
 */
export function legalIdCheckDigit(firstTen: string): number {
  const offset = digitAt(firstTen, 9) + 2;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    sum += (digitAt(firstTen, i) + offset) * (LEGAL_ID_WEIGHTS[i % 5] ?? 0);
  }
  return (sum % 11) % 10;
}

/** Luhn (mod 10) check over all digits including the check digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const fromRight = digits.length - 1 - i;
    let d = digitAt(digits, i);
    if (fromRight % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * ISO 13616 / ISO 7064 mod-97-10 over an IBAN of uppercase letters and digits: the first four
 * characters move to the end, letters become 10..35, and the resulting number mod 97 must be 1.
 * Computed digit by digit so no big-number arithmetic is needed.
 */
export function passesIbanMod97(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    if (code >= 48 && code <= 57) {
      remainder = (remainder * 10 + (code - 48)) % 97;
    } else if (code >= 65 && code <= 90) {
      remainder = (remainder * 100 + (code - 55)) % 97;
    } else {
      return false;
    }
  }
  return remainder === 1;
}

/**
 * Check digit of an Iranian bill identifier from the digits before it: digits weighted from the
 * right by 2,3,4,5,6,7 (repeating), sum mod 11; a remainder of 0 or 1 gives 0, otherwise 11 − r.
 */
export function billIdCheckDigit(digitsWithoutCheck: string): number {
  let sum = 0;
  for (let i = 0; i < digitsWithoutCheck.length; i++) {
    const d = digitAt(digitsWithoutCheck, digitsWithoutCheck.length - 1 - i);
    sum += d * ((i % 6) + 2);
  }
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}
