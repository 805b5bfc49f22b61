import { asyncBillInquiry } from '../../datasources/billing.js';
import type { BillQuery, BillSummary } from '../../datasources/types/billing.js';
import type { JobKind, JobRecord } from '../types.js';

export const BILL_INQUIRY = 'billInquiry';

export type BillInquiryJobRecord = JobRecord<typeof BILL_INQUIRY, BillQuery, BillSummary>;

export const billInquiryJob: JobKind<BillQuery, BillSummary> = {
  name: BILL_INQUIRY,
  submit: (upstream, query) => asyncBillInquiry.submit(upstream, query),
  async poll(upstream, requestId) {
    const outcome = await asyncBillInquiry.poll(upstream, requestId);
    switch (outcome.status) {
      case 'PENDING':
        return outcome;
      case 'SUCCESS':
        return { status: 'SUCCESS', result: outcome.bill };
      case 'FAILED':
        return { status: 'FAILED', failure: { code: outcome.code, message: outcome.message } };
    }
  },
};
