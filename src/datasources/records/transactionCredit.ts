/** The answers of the transaction credit inquiry (credit domain, kyc group upstream), as the upstream writes them. */
import { record, text } from '../shared/shapes.js';
import type { TransactionCreditCodeRefusal, TransactionCreditVerdict } from '../types/transactionCredit.js';

/** `kycTransactionCreditInquiryRequestGet`: `{ message: "OK" }` once the code is texted. */
export const TransactionCreditCodeSentAnswer = record({ message: text });

/** `kycTransactionCreditInquiryVerifyPost`: the id the report is fetched by. */
export const TransactionCreditVerifiedAnswer = record({ inquiryTrackId: text });

/** `kycTransactionCreditInquiryReportGet`: one Persian sentence, the verdict; no structured fields. */
export const TransactionCreditReportAnswer = record({ message: text });

/**
 * The verdict a report's sentence states, by the words that set each documented sentence apart,
 * tried in this order (a conviction "not executed" before one "executed"); UNRECOGNISED otherwise. The
 * documented sentences: "کد ملی ... در قوه قضائیه احراز نشده است", "... ممنوع المعامله است", "... باید به
 * مراجع قضایی مراجعه نماید", "... دارای سابقه اعسار است", "... دارای محکومیت مالی اجرا نشده/اجرا شده
 * است", and the sample answer "… احراز شده است \ در مورد این شخص،سابقه منفی یافت نشد".
 */
const VERDICT_WORDS: ReadonlyArray<readonly [RegExp, TransactionCreditVerdict]> = [
  [/احراز\s*(هویت\s*)?نشده|کد\s*ثنا/, 'NOT_VERIFIED_IN_JUDICIARY'],
  [/ممنوع\s*ال?\s*معامله/, 'TRANSACTION_BANNED'],
  [/متواری|مراجع\s*قضا/, 'REFER_TO_JUDICIAL_AUTHORITIES'],
  [/اعسار/, 'INSOLVENCY_RECORD'],
  [/محکومیت[^.؛]*اجرا\s*نشده/, 'UNEXECUTED_FINANCIAL_CONVICTION'],
  [/محکومیت[^.؛]*اجرا\s*شده/, 'EXECUTED_FINANCIAL_CONVICTION'],
  [/فاقد\s*(سابقه|سوء\s*پیشینه)|سابقه\s*منفی\s*(ندارد|یافت\s*نشد)/, 'NO_NEGATIVE_RECORD'],
];

/** The verdict of a report's sentence (ZWNJ read as a space, Arabic yeh and kaf as Persian). */
export function transactionCreditVerdictOf(message: string | null): TransactionCreditVerdict {
  if (message === null) return 'UNRECOGNISED';
  const sentence = message
    .replace(/\u200c/g, ' ')
    .replace(/\u064a/g, '\u06cc')
    .replace(/\u0643/g, '\u06a9');
  return VERDICT_WORDS.find(([words]) => words.test(sentence))?.[1] ?? 'UNRECOGNISED';
}

/** What a refused code's message says: why, and how many wrong codes are left when it says so. */
export function codeRefusalOf(message: string): {
  reason: TransactionCreditCodeRefusal;
  attemptsLeft: number | null;
} {
  if (/expir/i.test(message)) return { reason: 'OTP_EXPIRED', attemptsLeft: 0 };
  if (/too many|attempts? exceeded/i.test(message)) return { reason: 'TOO_MANY_ATTEMPTS', attemptsLeft: 0 };
  if (/no otp|not requested/i.test(message)) return { reason: 'NO_PENDING_CODE', attemptsLeft: null };
  const left = /(\d+)\s*attempts?\s*left/i.exec(message);
  return { reason: 'INVALID_OTP', attemptsLeft: left ? Number(left[1]) : null };
}
