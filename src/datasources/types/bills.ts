export type { BillQuery, BillType, MobileOperator } from '../../validation/bills.js';

/** The four facts every bill inquiry returns. Dates stay in the upstream's Persian `YYYY/MM/DD`. */
export interface BillSummary {
  readonly amount: string | null;
  readonly billId: string | null;
  readonly paymentId: string | null;
  readonly dueDate: string | null;
}

export interface BillHistoryRecord extends BillSummary {
  readonly paidOn: string | null;
}

export type BillInquiryOutcome =
  | { readonly status: 'PENDING' }
  | { readonly status: 'SUCCESS'; readonly bill: BillSummary }
  | { readonly status: 'FAILED'; readonly code: string; readonly message: string };
