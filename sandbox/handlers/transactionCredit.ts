/**
 * The transaction credit inquiry in three steps (wire facts §4.7): a request texts the person a code
 * (in the sandbox always SANDBOX_OTP), a verification with the code and the national id answers an
 * `inquiryTrackId`, and the report by that id answers the judiciary's verdict. What the docs leave
 * out is designed (docs/catalog/notes.md): one pending code per national id, the latest request
 * replacing an earlier one; the mobile must be the person's; MAX_WRONG_CODES wrong codes spend it;
 * the `inquiryTrackId` is the verification call's trackId; a report may be fetched again, for a day.
 */
import { SANDBOX_OTP } from '../consent/book.js';
import { transactionCreditOf } from '../world/transactionCredit.js';
import {
  answering,
  bodyFields,
  guarded,
  mobileParam,
  personParam,
  reject,
  required,
  requireTrackId,
} from './inputs.js';
import { done, fail, type OperationHandler } from './types.js';

/** Wrong codes a sent code takes; the last of them spends it. */
export const MAX_WRONG_CODES = 3;

/** How long a verified inquiry's report can be fetched. */
const REPORT_LIFETIME_MS = 24 * 60 * 60_000;

interface PendingCode {
  readonly expiresAt: number;
  wrongCodes: number;
}

interface VerifiedInquiry {
  readonly nationalId: string;
  readonly expiresAt: number;
}

export class TransactionCreditInquiries {
  /** By national id. */
  private readonly pending = new Map<string, PendingCode>();
  /** By inquiryTrackId. */
  private readonly verified = new Map<string, VerifiedInquiry>();

  constructor(private readonly otpLifetimeMs: () => number) {}

  readonly request: OperationHandler = answering((request) => {
    const person = personParam(request.query['nationalCode'], 'nationalCode');
    if (mobileParam(request.query['mobile']) !== person.mobile) reject('mobile does not belong to nationalCode');
    this.pending.set(person.nationalId, { expiresAt: request.now + this.otpLifetimeMs(), wrongCodes: 0 });
    return { message: 'OK' };
  });

  readonly verify: OperationHandler = guarded((request) => {
    requireTrackId(request);
    const fields = bodyFields(request.body, ['otp', 'nationalCode']);
    const otp = required(fields.otp, 'otp');
    const { nationalId } = personParam(fields.nationalCode, 'nationalCode');
    const code = this.pending.get(nationalId);
    if (!code) return reject('no otp was requested for nationalCode');
    if (request.now >= code.expiresAt) {
      this.pending.delete(nationalId);
      return reject('otp expired');
    }
    if (otp !== SANDBOX_OTP) {
      code.wrongCodes += 1;
      const left = MAX_WRONG_CODES - code.wrongCodes;
      if (left > 0) return reject(`invalid otp, ${left} attempts left`);
      this.pending.delete(nationalId);
      return reject('invalid otp, too many attempts');
    }
    this.pending.delete(nationalId);
    const inquiryTrackId = required(request.query['trackId'], 'trackId');
    this.verified.set(inquiryTrackId, { nationalId, expiresAt: request.now + REPORT_LIFETIME_MS });
    return done({ inquiryTrackId }, 'FN-KCST-20003500000');
  });

  readonly report: OperationHandler = guarded((request) => {
    requireTrackId(request);
    const inquiryTrackId = required(request.query['inquiryTrackId'], 'inquiryTrackId');
    const inquiry = this.verified.get(inquiryTrackId);
    if (!inquiry || request.now >= inquiry.expiresAt)
      return fail({ status: 404, code: 'NOT_FOUND', message: 'inquiry not found' });
    return done({ message: transactionCreditOf(inquiry.nationalId).message });
  });
}
