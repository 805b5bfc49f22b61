import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDigits, stripSeparators } from '../../src/lib/digits.js';
import { digitString, toArabicIndicDigits, toPersianDigits } from '../validation/support.js';

describe('normalizeDigits', () => {
  it('maps each Persian and Arabic-Indic digit to its ASCII digit', () => {
    expect(normalizeDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(normalizeDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
  });

  it('leaves non-digits and ASCII digits alone', () => {
    expect(normalizeDigits('IR۱۲-ab ٣ 4')).toBe('IR12-ab 3 4');
  });

  it('undoes any mix of digit scripts', () => {
    fc.assert(
      fc.property(digitString(0, 30), fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 30 }), (s, scripts) => {
        const mixed = [...s]
          .map((d, i) => {
            const script = scripts[i] ?? 0;
            return script === 1 ? toPersianDigits(d) : script === 2 ? toArabicIndicDigits(d) : d;
          })
          .join('');
        expect(normalizeDigits(mixed)).toBe(s);
      }),
    );
  });
});

describe('stripSeparators', () => {
  it('removes spaces, dashes and slashes only', () => {
    expect(stripSeparators(' 6037-9975 9925/1234 ')).toBe('6037997599251234');
    expect(stripSeparators('a.b_c')).toBe('a.b_c');
  });
});
