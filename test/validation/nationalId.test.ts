import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidNationalId, parseNationalId } from '../../src/validation/identifiers.js';
import {
  anyDigitScript,
  digitString,
  expectBadUserInput,
  mutateDigit,
  mutation,
  oracleNationalIdCheck,
  validNationalId,
} from './support.js';

const PATH = 'person.nationalId';

describe('national id', () => {
  it('accepts published valid ids', () => {
    for (const id of ['0076229645', '1583250689', '0011537027']) {
      expect(parseNationalId(id, PATH)).toBe(id);
    }
  });

  it('accepts every id whose check digit is right, in any digit script and with blanks around it', () => {
    fc.assert(
      fc.property(
        validNationalId.chain((id) => fc.tuple(fc.constant(id), anyDigitScript(id))),
        ([id, written]) => {
          expect(isValidNationalId(written)).toBe(true);
          expect(parseNationalId(` ${written}\t`, PATH)).toBe(id);
        },
      ),
    );
  });

  it('rejects a changed check digit', () => {
    fc.assert(
      fc.property(validNationalId, fc.integer({ min: 1, max: 9 }), (id, shift) => {
        expect(isValidNationalId(mutateDigit(id, 9, shift))).toBe(false);
      }),
    );
  });

  it('rejects every single-digit change when the check digit is not 1', () => {
    // Remainders 1 and 10 both give check digit 1, so only those ids can hide a one-digit error.
    fc.assert(
      fc.property(
        validNationalId.filter((id) => !id.endsWith('1')),
        mutation(10),
        (id, { index, shift }) => {
          expect(isValidNationalId(mutateDigit(id, index, shift))).toBe(false);
        },
      ),
    );
  });

  it('really cannot catch every change when the check digit is 1', () => {
    // The 9th digit weighs 2: 5·2 = 10 → r 10 → check 1, and 6·2 = 12 → r 1 → check 1.
    const body = '000000005';
    const other = '000000006';
    expect(oracleNationalIdCheck(body)).toBe(1);
    expect(oracleNationalIdCheck(other)).toBe(1);
    expect(isValidNationalId(`${body}1`)).toBe(true);
    expect(isValidNationalId(`${other}1`)).toBe(true);
  });

  it('rejects ids made of one repeated digit even when the checksum holds', () => {
    expect(oracleNationalIdCheck('111111111')).toBe(1);
    for (let d = 0; d <= 9; d++) {
      const id = String(d).repeat(10);
      expect(isValidNationalId(id)).toBe(false);
      expectBadUserInput(() => parseNationalId(id, PATH), PATH);
    }
  });

  it('rejects wrong lengths and non-digits with a message saying 10 digits', () => {
    fc.assert(
      fc.property(
        fc.oneof(digitString(0, 9), digitString(11, 14), fc.constantFrom('00762296a5', '0076-229645', '')),
        (value) => {
          expect(expectBadUserInput(() => parseNationalId(value, PATH), PATH)).toContain('10 digits');
        },
      ),
    );
  });

  it('says the check digit is wrong when only the checksum fails', () => {
    expect(expectBadUserInput(() => parseNationalId('0076229646', PATH), PATH)).toContain('check digit');
  });
});
