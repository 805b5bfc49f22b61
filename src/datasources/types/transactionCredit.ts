/** The judiciary's transaction credit inquiry (three steps: code, verification, report). */

/** The verdicts the report's sentence can carry (wire facts §4.7), and UNRECOGNISED for any other sentence. */
export const TRANSACTION_CREDIT_VERDICTS = [
  'NO_NEGATIVE_RECORD',
  'TRANSACTION_BANNED',
  'REFER_TO_JUDICIAL_AUTHORITIES',
  'INSOLVENCY_RECORD',
  'EXECUTED_FINANCIAL_CONVICTION',
  'UNEXECUTED_FINANCIAL_CONVICTION',
  'NOT_VERIFIED_IN_JUDICIARY',
  'UNRECOGNISED',
] as const;

export type TransactionCreditVerdict = (typeof TRANSACTION_CREDIT_VERDICTS)[number];

/** Why a texted code was refused. */
export type TransactionCreditCodeRefusal = 'INVALID_OTP' | 'OTP_EXPIRED' | 'TOO_MANY_ATTEMPTS' | 'NO_PENDING_CODE';

/** Step 2: the code was accepted (the inquiry's id, which the report needs), or refused. */
export type TransactionCreditCodeOutcome =
  | { readonly kind: 'verified'; readonly inquiryId: string }
  | {
      readonly kind: 'codeRejected';
      readonly reason: TransactionCreditCodeRefusal;
      /** Wrong codes the upstream still takes for this code; null when it did not say. */
      readonly attemptsLeft: number | null;
    };

/** Step 3: the verdict, read from the upstream's sentence, and the sentence itself. */
export interface TransactionCreditReportRecord {
  readonly inquiryId: string;
  readonly verdict: TransactionCreditVerdict;
  readonly message: string | null;
}
