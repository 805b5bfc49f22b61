import { upstreamBillType, upstreamDetailBillType, upstreamOperator } from '../validation/bills.js';
import { RecordReader, type JsonObject } from './read.js';
import type { UpstreamAccess } from './requestUpstream.js';
import { BILL_INFO_FIELDS, type BillDetailsRecord } from './types/billDetails.js';
import type {
  BillHistoryRecord,
  BillInquiryOutcome,
  BillQuery,
  BillSummary,
  BillType,
  NegativeScoreRecord,
} from './types/billing.js';
import type { UpstreamResult } from './upstream/client.js';

const HISTORY_TYPES: ReadonlySet<BillType> = new Set(['WATER', 'ELECTRICITY', 'GAS']);

/** The billing group: bill inquiries (synchronous and asynchronous) and licence negative points. */
export class BillingAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  async getBill(query: BillQuery): Promise<BillSummary> {
    const answer = await this.upstream.read('billingInquiryCcGet', { query: billQueryParameters(query) });
    const read = new RecordReader('billingInquiryCcGet', answer);
    const r = read.object(answer.result);
    return summary(read, r.Amount, r.BillId, r.PayId, r.Date);
  }

  /** Null for bill types the upstream has no detailed inquiry for. */
  async getBillDetails(query: BillQuery): Promise<BillDetailsRecord | null> {
    const type = upstreamDetailBillType(query.type);
    if (!type) return null;
    const answer = await this.upstream.read('billingDetailInquiryCcGet', {
      query: { type, parameter: query.parameter },
    });
    const read = new RecordReader('billingDetailInquiryCcGet', answer);
    const r = read.object(answer.result);
    const info = r.Info === undefined || r.Info === null ? {} : read.object(r.Info, 'Info block');
    return { ...summary(read, r.Amount, r.BillId, r.PayId, r.Date), ...readInfo(read, info) } as BillDetailsRecord;
  }

  /** Null for bill types the upstream keeps no history for. */
  async listBillHistory(query: BillQuery): Promise<BillHistoryRecord[] | null> {
    if (!HISTORY_TYPES.has(query.type)) return null;
    const answer = await this.upstream.read('billingBillHistoryInquiryGet', {
      query: { type: upstreamBillType(query.type), parameter: query.parameter },
    });
    const read = new RecordReader('billingBillHistoryInquiryGet', answer);
    const items = read.list(read.object(answer.result).Items, 'bill history');
    return items.map((item) => {
      const r = read.object(item, 'bill history entry');
      return { ...summary(read, r.Amount, r.BillId, r.PayId, r.Date), paidOn: read.text(r.PaymentDate) };
    });
  }

  async getNegativeScore(input: {
    licenceNumber: string;
    nationalId: string;
    mobile: string;
  }): Promise<NegativeScoreRecord> {
    const answer = await this.upstream.read('billingNegativeScoreGet', {
      query: { licenseNumber: input.licenceNumber, nationalID: input.nationalId, mobile: input.mobile },
    });
    const read = new RecordReader('billingNegativeScoreGet', answer);
    const r = read.object(answer.result);
    const rule = read.text(r.Rule);
    return {
      licenceNumber: read.text(r.LicenseNumber) ?? input.licenceNumber,
      points: read.count(r.NegativeScore, 'negative score'),
      offenseCount: read.count(r.OffenseCount, 'offense count'),
      rule: rule === '-' ? null : rule,
    };
  }
}

/** The asynchronous bill inquiry, for the job engine (which calls the upstream outside any request). */
export const asyncBillInquiry = {
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

function billQueryParameters(query: BillQuery): { type: string; parameter: string; secondParameter?: string } {
  return {
    type: upstreamBillType(query.type),
    parameter: query.parameter,
    ...(query.operator && { secondParameter: upstreamOperator(query.operator) }),
  };
}

function summary(read: RecordReader, amount: unknown, billId: unknown, payId: unknown, date: unknown): BillSummary {
  return {
    amount: read.rial(amount, 'bill amount'),
    billId: read.text(billId),
    paymentId: read.text(payId),
    dueDate: read.text(date),
  };
}

function readInfo(read: RecordReader, info: JsonObject): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const [key, [name, kind]] of Object.entries(BILL_INFO_FIELDS)) {
    const value = info[key];
    out[name] = kind === 'rial' ? read.rial(value, key) : kind === 'count' ? read.count(value, key) : read.text(value);
  }
  return out;
}
