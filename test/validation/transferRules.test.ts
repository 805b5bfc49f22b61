import { describe, expect, it } from 'vitest';
import { ACCOUNT_NUMBER_DIGITS, parseAccountNumber } from '../../src/validation/accounts.js';
import { checkTransferAmount } from '../../src/validation/transfers.js';
import { expectBadUserInput, toPersianDigits } from './support.js';

describe('checkTransferAmount', () => {
  it('takes 10,000 rials on every rail, up to 1,000,000,000 internally and beyond by IBAN (Satna)', () => {
    expect(() => checkTransferAmount(10_000n, 'ACCOUNT_NUMBER', 'input.amount')).not.toThrow();
    expect(() => checkTransferAmount(1_000_000_000n, 'ACCOUNT_NUMBER', 'input.amount')).not.toThrow();
    expect(() => checkTransferAmount(10_000n, 'IBAN', 'input.amount')).not.toThrow();
    expect(() => checkTransferAmount(50_000_000_000n, 'IBAN', 'input.amount')).not.toThrow();
    expect(() => checkTransferAmount(10n ** 15n, 'IBAN', 'input.amount')).not.toThrow();
  });

  it.each([
    [9_999n, 'IBAN', 'input.amount: the bank takes at least 10,000 rials'],
    [
      1_000_000_001n,
      'ACCOUNT_NUMBER',
      'input.amount: an internal transfer (to an account number) takes at most 1,000,000,000 rials; send a larger amount to the IBAN (Satna)',
    ],
    [10n ** 15n + 1n, 'IBAN', 'input.amount: expected at most 1,000,000,000,000,000 rials'],
  ] as const)('states the limit %s is beyond, its digits grouped', (rials, kind, expected) => {
    expect(expectBadUserInput(() => checkTransferAmount(rials, kind, 'input.amount'), 'input.amount')).toBe(expected);
  });

  it.each([
    ['under the minimum to an account', 9_999n, 'ACCOUNT_NUMBER'],
    ['under the minimum to an IBAN', 9_999n, 'IBAN'],
    ['one rial', 1n, 'IBAN'],
    ['above the internal maximum', 1_000_000_001n, 'ACCOUNT_NUMBER'],
    ['above our ceiling', 10n ** 15n + 1n, 'IBAN'],
  ] as const)('refuses %s', (_, rials, kind) => {
    expectBadUserInput(() => checkTransferAmount(rials, kind, 'input.amount'), 'input.amount');
  });
});

describe('parseAccountNumber', () => {
  it('keeps the bank’s own format, Persian digits made ASCII', () => {
    expect(parseAccountNumber('10.6423499.1', 'a')).toBe('10.6423499.1');
    expect(parseAccountNumber(toPersianDigits('0200887714003'), 'a')).toBe('0200887714003');
    expect(parseAccountNumber('6200-030-123520054-2', 'a')).toBe('6200-030-123520054-2');
    expect(parseAccountNumber('1'.repeat(ACCOUNT_NUMBER_DIGITS.min), 'a')).toBe('111111');
  });

  it.each([
    ['3 digits', '123'],
    ['5 digits with separators', '12.3-45'],
    ['27 digits', '1'.repeat(27)],
    ['letters', '12a4567'],
    ['doubled separators', '0200..887714003'],
    ['a leading separator', '.0200887714003'],
    ['spaces inside', '0200 887714003'],
  ])('refuses %s', (_, value) => {
    expectBadUserInput(() => parseAccountNumber(value, 'accountNumber'), 'accountNumber');
  });
});
