import fc from 'fast-check';
import { GraphQLError } from 'graphql';
import { expect } from 'vitest';

/** Runs `fn`, expecting a BAD_USER_INPUT GraphQLError naming `argumentPath`; returns its message. */
export function expectBadUserInput(fn: () => unknown, argumentPath: string): string {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(GraphQLError);
  const error = thrown as GraphQLError;
  expect(error.extensions['code']).toBe('BAD_USER_INPUT');
  expect(error.extensions['argumentPath']).toBe(argumentPath);
  expect(error.message.startsWith(`${argumentPath}: `)).toBe(true);
  return error.message;
}

const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';

export const toPersianDigits = (s: string): string => s.replace(/\d/g, (d) => PERSIAN[Number(d)] ?? d);
export const toArabicIndicDigits = (s: string): string => s.replace(/\d/g, (d) => ARABIC_INDIC[Number(d)] ?? d);

/** The same text with its ASCII digits rewritten in one of the three digit alphabets. */
export const anyDigitScript = (s: string): fc.Arbitrary<string> =>
  fc.constantFrom(s, toPersianDigits(s), toArabicIndicDigits(s));

export const digitString = (minLength: number, maxLength = minLength): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

/** A copy of `s` with the digit at `index` replaced by a different digit chosen by `shift` (1..9). */
export function mutateDigit(s: string, index: number, shift: number): string {
  const original = Number(s[index]);
  const replacement = (original + shift) % 10;
  return s.slice(0, index) + String(replacement) + s.slice(index + 1);
}

export const mutation = (length: number) =>
  fc.record({ index: fc.integer({ min: 0, max: length - 1 }), shift: fc.integer({ min: 1, max: 9 }) });

// --- test-side check-digit oracles, written independently of src/validation/checksums.ts ---------

const sumOf = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
const digitsOf = (s: string): number[] => [...s].map(Number);

export function oracleNationalIdCheck(firstNine: string): number {
  const r = sumOf(digitsOf(firstNine).map((d, i) => d * (10 - i))) % 11;
  return r >= 2 ? 11 - r : r;
}

export function oracleLegalIdCheck(firstTen: string): number {
  const ds = digitsOf(firstTen);
  const weights = [29, 27, 23, 19, 17, 29, 27, 23, 19, 17];
  const plus = (ds[9] ?? 0) + 2;
  const r = sumOf(ds.map((d, i) => (d + plus) * (weights[i] ?? 0))) % 11;
  return r === 10 ? 0 : r;
}

export function oracleLuhnCheck(body: string): number {
  // In the final number the check digit is rightmost, so body digits at even distance from the
  // body's right end get doubled.
  const total = sumOf(
    digitsOf(body)
      .reverse()
      .map((d, i) => (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d)),
  );
  return (10 - (total % 10)) % 10;
}

/** Two check digits for `IR??` + bban, computed with BigInt. */
export function oracleIbanCheck(bban: string): string {
  const numeric = BigInt(`${bban}1827` + '00'); // I = 18, R = 27
  return String(98n - (numeric % 97n)).padStart(2, '0');
}

export function oracleBillIdCheck(body: string): number {
  const weights = [2, 3, 4, 5, 6, 7];
  const r =
    sumOf(
      digitsOf(body)
        .reverse()
        .map((d, i) => d * (weights[i % 6] ?? 0)),
    ) % 11;
  return r === 0 || r === 1 ? 0 : 11 - r;
}

// --- generators of valid identifiers ------------------------------------------------------------

export const validNationalId = digitString(9)
  .map((body) => body + String(oracleNationalIdCheck(body)))
  .filter((id) => !/^(\d)\1{9}$/.test(id));

export const validLegalId = digitString(10)
  .map((body) => body + String(oracleLegalIdCheck(body)))
  .filter((id) => !/^0+$/.test(id));

export const validCardNumber = digitString(15).map((body) => body + String(oracleLuhnCheck(body)));

export const validIban = digitString(22).map((bban) => `IR${oracleIbanCheck(bban)}${bban}`);

export const validBillId = digitString(5, 12).map((body) => body + String(oracleBillIdCheck(body)));
