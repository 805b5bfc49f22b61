/** Check digits of the world's identifiers: national id, card (Luhn), IBAN (ISO 13616 mod 97). */
import { isValidNationalId } from '../validation.js';

export { isValidNationalId };

const digitAt = (digits: string, i: number) => digits.charCodeAt(i) - 48;

/** The 10th digit of a national id whose first 9 digits are given. */
export function nationalIdCheckDigit(nine: string): number {
  let s = 0;
  for (let i = 0; i < 9; i++) s += digitAt(nine, i) * (10 - i);
  const r = s % 11;
  return r < 2 ? r : 11 - r;
}

/** The digit that completes `body` to a number passing the Luhn check. */
export function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Counted from the right of the finished number, where the check digit is position 0.
    const fromRight = body.length - i;
    let d = digitAt(body, i);
    if (fromRight % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export const passesLuhn = (digits: string): boolean =>
  /^\d{2,}$/.test(digits) && luhnCheckDigit(digits.slice(0, -1)) === digitAt(digits, digits.length - 1);

/** Remainder mod 97 of a string of digits and capital letters (A = 10 … Z = 35). */
function mod97(text: string): number {
  let remainder = 0;
  for (const ch of text) {
    const value = ch >= 'A' && ch <= 'Z' ? ch.charCodeAt(0) - 55 : Number(ch);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

/** The two check digits of an Iranian IBAN over its 22-digit BBAN (bank code + 19 digits). */
export function ibanCheckDigits(bban: string): string {
  return String(98 - mod97(`${bban}IR00`)).padStart(2, '0');
}

/** `IR` + 24 digits whose check digits pass mod 97. */
export const isValidIbanSyntax = (iban: string): boolean =>
  /^IR\d{24}$/.test(iban) && mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
