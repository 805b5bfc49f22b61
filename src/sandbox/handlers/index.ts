import type { OperationHandlers } from './types.js';
import { AsyncBillInquiries } from './async-billing.js';
import { billHistoryInquiry, billingInquiry, detailBillingInquiry, negativeScoreInquiry } from './billing.js';
import { taxInquiry } from './tax.js';

/** Every operation the sandbox answers; the rest of the catalog answers 501. */
export function createHandlers(asyncDelayMs: () => number): OperationHandlers {
  const asyncInquiries = new AsyncBillInquiries(asyncDelayMs);
  return {
    billingInquiryCcGet: billingInquiry,
    billingDetailInquiryCcGet: detailBillingInquiry,
    billingBillHistoryInquiryGet: billHistoryInquiry,
    billingNegativeScoreGet: negativeScoreInquiry,
    billingInquiryRequestSubmit: asyncInquiries.submit,
    billingInquiryStatusPoll: asyncInquiries.status,
    kycSmsTaxInquiryGet: taxInquiry,
  };
}
