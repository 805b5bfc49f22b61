/**
 * The asynchronous bill inquiry as a job: submitted once, then polled by its requestId until the
 * upstream has the bill or says why not. The job engine calls it outside any request.
 */
import { billQueryParameters, summary } from '../records/bills.js';
import { RecordReader } from '../shared/read.js';
import type { UpstreamAccess } from '../shared/requestUpstream.js';
import type { BillInquiryOutcome, BillQuery, BillSummary } from '../types/bills.js';
import type { UpstreamResult } from '../upstream/client.js';
import type { JobKind, JobRecord } from './port.js';

const asyncBillInquiry = {
  async submit(upstream: Pick<UpstreamAccess, 'send'>, query: BillQuery): Promise<string> {
    const answer = await upstream.send('billingInquiryRequestSubmit', { body: billQueryParameters(query) });
    const read = new RecordReader('billingInquiryRequestSubmit', answer);
    const requestId = read.text(read.object(answer.result).requestId);
    return requestId ?? read.fail('requestId');
  },

  async poll(upstream: Pick<UpstreamAccess, 'send'>, requestId: string): Promise<BillInquiryOutcome> {
    const answer = await upstream.send('billingInquiryStatusPoll', { body: { requestId } });
    return readOutcome(answer);
  },
};

function readOutcome(answer: UpstreamResult): BillInquiryOutcome {
  const read = new RecordReader('billingInquiryStatusPoll', answer);
  const r = read.object(answer.result);
  switch (r.status) {
    case 'PENDING':
      return { status: 'PENDING' };
    case 'SUCCESS': {
      const data = read.object(r.data, 'inquiry data');
      return { status: 'SUCCESS', bill: summary(read, data.amount, data.billId, data.payId, data.date) };
    }
    case 'FAILED': {
      const error = r.error ? read.object(r.error, 'inquiry error') : {};
      return {
        status: 'FAILED',
        code: read.text(error.code) ?? 'UNKNOWN',
        message: read.text(error.message) ?? 'The upstream reported a failed inquiry.',
      };
    }
    default:
      return read.fail('inquiry status');
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
