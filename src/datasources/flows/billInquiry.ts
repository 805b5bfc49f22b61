/**
 * The asynchronous bill inquiry as a job: submitted once, then polled by its requestId until the
 * upstream has the bill or says why not. The job engine calls it outside any request.
 */
import { BillInquiryStatusAnswer, BillInquirySubmitAnswer, billQueryParameters } from '../records/bills.js';
import { decode, malformedAnswer } from '../shared/shapes.js';
import type { UpstreamAccess } from '../shared/requestUpstream.js';
import type { BillInquiryOutcome, BillQuery, BillSummary } from '../types/bills.js';
import type { UpstreamResult } from '../upstream/client.js';
import type { JobKind, JobRecord } from './port.js';

const asyncBillInquiry = {
  async submit(upstream: Pick<UpstreamAccess, 'send'>, query: BillQuery): Promise<string> {
    const answer = await upstream.send('billingInquiryRequestSubmit', { body: billQueryParameters(query) });
    const { requestId } = decode('billingInquiryRequestSubmit', answer, BillInquirySubmitAnswer);
    if (requestId === null) throw malformedAnswer('billingInquiryRequestSubmit', answer, 'result.requestId');
    return requestId;
  },

  async poll(upstream: Pick<UpstreamAccess, 'send'>, requestId: string): Promise<BillInquiryOutcome> {
    const answer = await upstream.send('billingInquiryStatusPoll', { body: { requestId } });
    return readOutcome(answer);
  },
};

function readOutcome(answer: UpstreamResult): BillInquiryOutcome {
  const r = decode('billingInquiryStatusPoll', answer, BillInquiryStatusAnswer);
  switch (r.status) {
    case 'PENDING':
      return { status: 'PENDING' };
    case 'SUCCESS': {
      const { amount, billId, payId, date } = r.data;
      return { status: 'SUCCESS', bill: { amount, billId, paymentId: payId, dueDate: date } };
    }
    case 'FAILED':
      return {
        status: 'FAILED',
        code: r.error?.code ?? 'UNKNOWN',
        message: r.error?.message ?? 'The upstream reported a failed inquiry.',
      };
  }
}

export const BILL_INQUIRY = 'billInquiry';

export type BillInquiryJobRecord = JobRecord<typeof BILL_INQUIRY, BillQuery, BillSummary>;

export const billInquiryJob: JobKind<BillQuery, BillSummary, typeof BILL_INQUIRY> = {
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
