import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billIdCheckDigit,
  isValidBillId,
  isValidGasSubscriptionNumber,
  parseBillId,
  parseGasSubscriptionNumber,
} from '../../src/validation/identifiers.js';
import {
  anyDigitScript,
  digitString,
  expectBadUserInput,
  mutateDigit,
  oracleBillIdCheck,
  validBillId,
} from './support.js';

const PATH = 'bill.parameter';

describe('bill identifier', () => {
  it('agrees with published examples', () => {
    for (const id of ['7748317800142', '9174639504124', '2050327604613', '1117753200140', '1177809000142']) {
      expect(parseBillId(id, PATH)).toBe(id);
    }
    expect(isValidBillId('2234322344613')).toBe(false);
  });

  it('computes the check digit like the reference', () => {
    fc.assert(
      fc.property(digitString(1, 20), (body) => {
        expect(billIdCheckDigit(body)).toBe(oracleBillIdCheck(body));
      }),
    );
  });

  it('accepts every 6–13 digit id with a right check digit, in any digit script', () => {
    fc.assert(
      fc.property(
        validBillId.chain((id) => fc.tuple(fc.constant(id), anyDigitScript(id))),
        ([id, written]) => {
          expect(parseBillId(written, PATH)).toBe(id);
        },
      ),
    );
  });

  it('rejects a changed check digit', () => {
    fc.assert(
      fc.property(validBillId, fc.integer({ min: 1, max: 9 }), (id, shift) => {
        const mutated = mutateDigit(id, id.length - 1, shift);
        expect(expectBadUserInput(() => parseBillId(mutated, PATH), PATH)).toContain('check digit');
      }),
    );
  });

  it('rejects lengths outside 6–13', () => {
    fc.assert(
      fc.property(fc.oneof(digitString(0, 5), digitString(14, 18)), (value) => {
        expect(expectBadUserInput(() => parseBillId(value, PATH), PATH)).toContain('6 to 13 digits');
      }),
    );
  });
});

describe('gas subscription number', () => {
  it('accepts 6 to 15 digits and rejects other lengths', () => {
    fc.assert(
      fc.property(digitString(6, 15), (value) => {
        expect(parseGasSubscriptionNumber(value, PATH)).toBe(value);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(digitString(0, 5), digitString(16, 20)), (value) => {
        expect(isValidGasSubscriptionNumber(value)).toBe(false);
        expect(expectBadUserInput(() => parseGasSubscriptionNumber(value, PATH), PATH)).toContain('6 to 15 digits');
      }),
    );
  });
});
