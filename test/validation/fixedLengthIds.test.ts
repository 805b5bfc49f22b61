import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidLicenceNumber,
  isValidPostalCode,
  isValidSayadId,
  parseLicenceNumber,
  parsePostalCode,
  parseSayadId,
} from '../../src/validation/identifiers.js';
import { anyDigitScript, digitString, expectBadUserInput } from './support.js';

const cases = [
  { name: 'Sayad id', length: 16, parse: parseSayadId, isValid: isValidSayadId, path: 'cheque.sayadId' },
  { name: 'postal code', length: 10, parse: parsePostalCode, isValid: isValidPostalCode, path: 'postal.code' },
  { name: 'licence number', length: 10, parse: parseLicenceNumber, isValid: isValidLicenceNumber, path: 'licence' },
] as const;

describe.each(cases)('$name', ({ length, parse, isValid, path }) => {
  it(`accepts exactly ${length} digits in any digit script`, () => {
    fc.assert(
      fc.property(
        digitString(length).chain((v) => fc.tuple(fc.constant(v), anyDigitScript(v))),
        ([value, written]) => {
          expect(isValid(written)).toBe(true);
          expect(parse(` ${written} `, path)).toBe(value);
        },
      ),
    );
  });

  it('rejects other lengths and non-digits, saying how many digits it expects', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          digitString(0, length - 1),
          digitString(length + 1, length + 4),
          digitString(length - 1).map((d) => `${d}x`),
        ),
        (value) => {
          expect(isValid(value)).toBe(false);
          expect(expectBadUserInput(() => parse(value, path), path)).toContain(`${length} digits`);
        },
      ),
    );
  });
});
