import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../src/validation/amount.js';
import { expectBadUserInput, toPersianDigits } from './support.js';

const PATH = 'input.amount';

describe('parseAmount', () => {
  it('returns positive amounts exactly, however large', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), (n) => {
        expect(parseAmount(n.toString(), PATH)).toBe(n.toString());
        expect(parseAmount(toPersianDigits(n.toString()), PATH)).toBe(n.toString());
        expect(parseAmount(n, PATH)).toBe(n.toString());
      }),
    );
    expect(parseAmount('9007199254740993', PATH)).toBe('9007199254740993');
    expect(parseAmount(1_500_000, PATH)).toBe('1500000');
  });

  it('rejects zero, negatives, fractions, blanks and garbage', () => {
    for (const bad of ['0', '000', '-5', -5, 0, 1.5, '1.5', '', '  ', null, undefined, 'ten', '12a', true]) {
      expect(expectBadUserInput(() => parseAmount(bad, PATH), PATH)).toContain('positive whole number of rials');
    }
  });
});
