import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidLandline, isValidMobile, parseLandline, parseMobile } from '../../src/validation/identifiers.js';
import { anyDigitScript, digitString, expectBadUserInput } from './support.js';

const PATH = 'input.mobile';

describe('mobile number', () => {
  const mobile = digitString(9).map((rest) => `09${rest}`);

  it('normalises every accepted form to 09…', () => {
    fc.assert(
      fc.property(mobile, fc.constantFrom('0', '', '98', '+98', '0098'), (canonical, prefix) => {
        const written = prefix + canonical.slice(1);
        expect(parseMobile(written, PATH)).toBe(canonical);
        expect(isValidMobile(written)).toBe(true);
      }),
    );
  });

  it('accepts Persian and Arabic-Indic digits, blanks and dashes', () => {
    fc.assert(
      fc.property(
        mobile.chain((m) => fc.tuple(fc.constant(m), anyDigitScript(m))),
        ([canonical, written]) => {
          expect(parseMobile(` ${written.slice(0, 4)} ${written.slice(4, 7)}-${written.slice(7)} `, PATH)).toBe(
            canonical,
          );
        },
      ),
    );
  });

  it('rejects other shapes with a message naming the 09 form', () => {
    for (const bad of [
      '0912345678',
      '091234567890',
      '08123456789',
      '+98812345678',
      '0912345678a',
      '',
      'x09121234567',
    ]) {
      expect(isValidMobile(bad)).toBe(false);
      expect(expectBadUserInput(() => parseMobile(bad, PATH), PATH)).toContain('09');
    }
  });
});

describe('landline with area code', () => {
  it('accepts 0 + 10 digits not starting with 09', () => {
    expect(parseLandline('02177689361', 'p')).toBe('02177689361');
    expect(parseLandline('۰۳۱۳۲۲۲۲۲۲۲', 'p')).toBe('03132222222');
  });

  it('rejects mobile numbers, missing area codes and wrong lengths', () => {
    for (const bad of ['09121234567', '2177689361', '0217768936', '021776893611', '12177689361']) {
      expect(isValidLandline(bad)).toBe(false);
      expect(expectBadUserInput(() => parseLandline(bad, 'bill.parameter'), 'bill.parameter')).toContain('area code');
    }
  });
});
