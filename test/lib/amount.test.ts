import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCount, parseRial } from '../../src/lib/amount.js';
import { toPersianDigits } from '../validation/support.js';

const withThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

describe('parseRial', () => {
  it('returns null for missing and blank values', () => {
    for (const missing of [null, undefined, '', '   ']) expect(parseRial(missing)).toBeNull();
  });

  it('keeps 2^53 + 1 exactly when it comes as a string or a bigint', () => {
    expect(parseRial('9007199254740993')).toBe('9007199254740993');
    expect(parseRial(9007199254740993n)).toBe('9007199254740993');
    expect(parseRial('-9,007,199,254,740,993')).toBe('-9007199254740993');
  });

  it('canonicalises zero padding, separators, Persian digits, blanks and signs', () => {
    expect(parseRial('000120000')).toBe('120000');
    expect(parseRial(' 1,200,000 ')).toBe('1200000');
    expect(parseRial('۱۲۰۰۰۰')).toBe('120000');
    expect(parseRial('۱٬۲۰۰٬۰۰۰')).toBe('1200000');
    expect(parseRial('-0005')).toBe('-5');
    expect(parseRial('0000')).toBe('0');
    expect(parseRial('-000')).toBe('0');
    expect(parseRial(0)).toBe('0');
    expect(parseRial(-0)).toBe('0');
    expect(parseRial(-250)).toBe('-250');
    expect(parseRial(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991');
  });

  it('gives the same canonical string for every way of writing an integer', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.nat({ max: 5 }), (n, zeros) => {
        const expected = n.toString();
        const magnitude = (n < 0n ? -n : n).toString();
        const sign = n < 0n ? '-' : '';
        expect(parseRial(n)).toBe(expected);
        expect(parseRial(`${sign}${'0'.repeat(zeros)}${magnitude}`)).toBe(expected);
        expect(parseRial(` ${sign}${withThousands(magnitude)} `)).toBe(expected);
        expect(parseRial(toPersianDigits(`${sign}${magnitude}`))).toBe(expected);
        if (Number.isSafeInteger(Number(n))) expect(parseRial(Number(n))).toBe(expected);
      }),
    );
  });

  it('throws on anything that is not an exact integer', () => {
    for (const garbage of ['12a', '1.5', '1e5', '-', '--1', '+5', '1,23', '12,3456', ',123', '0x10', '1 000']) {
      expect(() => parseRial(garbage), garbage).toThrow(Error);
    }
    for (const garbage of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, true, {}, []]) {
      expect(() => parseRial(garbage)).toThrow(Error);
    }
  });
});

describe('parseCount', () => {
  it('reads numbers and numeric strings leniently', () => {
    expect(parseCount(3)).toBe(3);
    expect(parseCount(' 03 ')).toBe(3);
    expect(parseCount('۱۲')).toBe(12);
    expect(parseCount('1,000')).toBe(1000);
    expect(parseCount('-2')).toBe(-2);
    expect(parseCount(null)).toBeNull();
    expect(parseCount('')).toBeNull();
  });

  it('throws for garbage and for counts too large to be exact', () => {
    for (const bad of ['three', 2.5, '9007199254740993', Number.NaN]) expect(() => parseCount(bad)).toThrow(Error);
  });
});
