/** Reading the transaction credit report's sentence and a refused code's message. */
import { describe, expect, it } from 'vitest';
import { codeRefusalOf, transactionCreditVerdictOf } from '../../src/datasources/records/transactionCredit.js';
import { TRANSACTION_CREDIT_VERDICT_KINDS, transactionCreditMessage } from '../fixtures/sandbox.js';

/** The documentation's sample answer, as its page shows it (its JSON has a stray `\` between the clauses). */
const DOCUMENTED_SAMPLE = 'کد ملی 001111111در قوه قضائیه احراز شده است \\ در مورد این شخص،سابقه منفی یافت نشد';

describe('the verdict of a report', () => {
  it('reads the documentation’s sample answer as no negative record', () => {
    expect(transactionCreditVerdictOf(DOCUMENTED_SAMPLE)).toBe('NO_NEGATIVE_RECORD');
  });

  it.each(TRANSACTION_CREDIT_VERDICT_KINDS)('reads %s from the sandbox’s sentence', (kind) => {
    expect(transactionCreditVerdictOf(transactionCreditMessage(kind, '0012345678'))).toBe(kind);
  });

  // The documentation's list of sentences, with "..." where it puts the national id.
  it.each([
    ['کد ملی ... ممنوع المعامله است.', 'TRANSACTION_BANNED'],
    ['کد ملی ... باید به مراجع قضایی مراجعه نماید.', 'REFER_TO_JUDICIAL_AUTHORITIES'],
    ['کد ملی ... دارای سابقه اعسار است.', 'INSOLVENCY_RECORD'],
    ['کد ملی ... دارای محکومیت مالی اجرا نشده است.', 'UNEXECUTED_FINANCIAL_CONVICTION'],
    ['کد ملی ... دارای محکومیت مالی اجرا شده است.', 'EXECUTED_FINANCIAL_CONVICTION'],
    ['کد ملی ... در قوه قضائیه احراز نشده است.', 'NOT_VERIFIED_IN_JUDICIARY'],
    ['در مورد این شخص سابقه منفی یافت نشد', 'NO_NEGATIVE_RECORD'],
    // Arabic yeh and kaf, as some systems write them.
    ['كد ملي 0012345678 در قوه قضائيه احراز نشده است.', 'NOT_VERIFIED_IN_JUDICIARY'],
  ])('reads the documented %j as %s', (sentence, kind) => {
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
