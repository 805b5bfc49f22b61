import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidLegalId, parseLegalId } from '../../src/validation/identifiers.js';
import { anyDigitScript, digitString, expectBadUserInput, mutateDigit, validLegalId } from './support.js';

const PATH = 'company.nationalId';

describe('legal (company) national id', () => {
  it('agrees with published examples', () => {
    expect(parseLegalId('10380284790', PATH)).toBe('10380284790');
    for (const id of ['10380284792', '10380285692', '09748208301', '11111111111']) {
      expect(isValidLegalId(id)).toBe(false);
    }
  });

  it('accepts every id whose check digit is right, in any digit script', () => {
    fc.assert(
      fc.property(
        validLegalId.chain((id) => fc.tuple(fc.constant(id), anyDigitScript(id))),
        ([id, written]) => {
          expect(parseLegalId(` ${written} `, PATH)).toBe(id);
        },
      ),
    );
  });

  it('rejects a changed check digit', () => {
    fc.assert(
      fc.property(validLegalId, fc.integer({ min: 1, max: 9 }), (id, shift) => {
        expect(isValidLegalId(mutateDigit(id, 10, shift))).toBe(false);
        expect(expectBadUserInput(() => parseLegalId(mutateDigit(id, 10, shift), PATH), PATH)).toBe(
          `${PATH}: not a valid legal (company) national id: its check digit does not match`,
        );
      }),
    );
  });

  it('rejects all zeros', () => {
    expect(isValidLegalId('00000000000')).toBe(false);
  });

  it('rejects wrong lengths with a message saying 11 digits', () => {
    fc.assert(
      fc.property(fc.oneof(digitString(0, 10), digitString(12, 14)), (value) => {
        expect(expectBadUserInput(() => parseLegalId(value, PATH), PATH)).toContain('11 digits');
      }),
    );
  });
});
