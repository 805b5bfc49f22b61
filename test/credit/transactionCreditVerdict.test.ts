/** Reading the transaction credit report's sentence and a refused code's message. */
import { describe, expect, it } from 'vitest';
import { codeRefusalOf, transactionCreditVerdictOf } from '../../src/datasources/records/transactionCredit.js';
import { TRANSACTION_CREDIT_MESSAGES } from '../fixtures/sandbox.js';

describe('the verdict of a report', () => {
  it.each(Object.entries(TRANSACTION_CREDIT_MESSAGES))('reads %s from its sentence', (kind, sentence) => {
    expect(transactionCreditVerdictOf(sentence)).toBe(kind);
  });

  it.each([
    ['فرد ممنوع‌المعامله می‌باشد', 'TRANSACTION_BANNED'],
    ['ممنوع المعامله', 'TRANSACTION_BANNED'],
    ['شخص در قوه قضاییه احراز‌هویت نشده است', 'NOT_VERIFIED_IN_JUDICIARY'],
    ['دارای محکومیت مالی اجرا نشده', 'UNEXECUTED_FINANCIAL_CONVICTION'],
    ['دارای محکومیت مالی اجرا شده', 'EXECUTED_FINANCIAL_CONVICTION'],
    ['فاقد سوء پیشینه', 'NO_NEGATIVE_RECORD'],
    ['استثنا در پاسخ', 'UNRECOGNISED'],
    ['something else', 'UNRECOGNISED'],
  ])('reads %j as %s (spacing and wording variants)', (sentence, kind) => {
    expect(transactionCreditVerdictOf(sentence)).toBe(kind);
  });

  it('is UNRECOGNISED without a sentence', () => {
    expect(transactionCreditVerdictOf(null)).toBe('UNRECOGNISED');
  });
});

describe('a refused code', () => {
  it.each([
    ['invalid otp, 2 attempts left', { reason: 'INVALID_OTP', attemptsLeft: 2 }],
    ['invalid otp', { reason: 'INVALID_OTP', attemptsLeft: null }],
    ['invalid otp, too many attempts', { reason: 'TOO_MANY_ATTEMPTS', attemptsLeft: 0 }],
    ['otp expired', { reason: 'OTP_EXPIRED', attemptsLeft: 0 }],
    ['Expiration time is exceeded', { reason: 'OTP_EXPIRED', attemptsLeft: 0 }],
    ['no otp was requested for nationalCode', { reason: 'NO_PENDING_CODE', attemptsLeft: null }],
  ])('reads %j', (message, expected) => {
    expect(codeRefusalOf(message)).toEqual(expected);
  });
});
