import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseParcelTrackingCode } from '../../src/validation/postal.js';
import { anyDigitScript, digitString, expectBadUserInput } from './support.js';

describe('parseParcelTrackingCode', () => {
  it('accepts 20 to 24 digits in any digit script, trimmed', () => {
    fc.assert(
      fc.property(
        digitString(20, 24).chain((code) => fc.tuple(fc.constant(code), anyDigitScript(code))),
        ([code, written]) => {
          expect(parseParcelTrackingCode(` ${written} `, 'trackingCode')).toBe(code);
        },
      ),
    );
  });

  it.each([
    ['19 digits', '1'.repeat(19)],
    ['25 digits', '1'.repeat(25)],
    ['a letter among the digits', `${'1'.repeat(19)}A`],
    ['a space inside', `${'1'.repeat(10)} ${'1'.repeat(10)}`],
    ['nothing', ''],
  ])('refuses %s on its argument, saying what it expects', (_, value) => {
    const message = expectBadUserInput(() => parseParcelTrackingCode(value, 'trackingCode'), 'trackingCode');
    expect(message).toBe('trackingCode: expected a parcel tracking code of 20 to 24 digits');
  });
});
