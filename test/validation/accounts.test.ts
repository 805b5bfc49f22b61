import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAccountNumber, parseBankCode } from '../../src/validation/accounts.js';
import { anyDigitScript, digitString, expectBadUserInput } from './support.js';

describe('parseBankCode', () => {
  it('takes 3 digits in any digit script, trimmed', () => {
    fc.assert(
      fc.property(
        digitString(3).chain((code) => fc.tuple(fc.constant(code), anyDigitScript(code))),
        ([code, written]) => {
          expect(parseBankCode(` ${written} `, 'bankCode')).toBe(code);
        },
      ),
    );
  });

  it.each([
    ['nothing', ''],
    ['2 digits', '17'],
    ['4 digits', '0170'],
    ['a letter', '01a'],
  ])('refuses %s', (_, value) => {
    expect(expectBadUserInput(() => parseBankCode(value, 'input.bankCode'), 'input.bankCode')).toBe(
      'input.bankCode: expected a 3-digit bank code, e.g. 017',
    );
  });
});

describe('parseAccountNumber', () => {
  it('takes 6 to 26 digits, trimmed, separated or not', () => {
    expect(parseAccountNumber(' 123456 ', 'accountNumber')).toBe('123456');
    expect(parseAccountNumber('1'.repeat(26), 'accountNumber')).toBe('1'.repeat(26));
    expect(parseAccountNumber('123/456', 'accountNumber')).toBe('123/456');
    expect(parseAccountNumber(`${'1'.repeat(13)}.${'1'.repeat(13)}`, 'accountNumber')).toHaveLength(27);
  });

  it.each([
    ['5 digits', '12345'],
    ['27 digits in groups', `${'1'.repeat(13)}-${'1'.repeat(14)}`],
    ['a trailing separator', '123456.'],
    ['nothing', ''],
  ])('refuses %s, saying what it expects', (_, value) => {
    expect(expectBadUserInput(() => parseAccountNumber(value, 'input.accountNumber'), 'input.accountNumber')).toBe(
      'input.accountNumber: expected an account number of 6 to 26 digits, groups separated by ".", "/" or "-"',
    );
  });
});
