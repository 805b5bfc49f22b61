import { upstreamBillType, upstreamDetailBillType } from '../validation/bills.js';
import { billQueryParameters, readInfo, summary } from './records/bills.js';
import { RecordReader } from './shared/read.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import { type BillDetailsRecord } from './types/billDetails.js';
import type { BillHistoryRecord, BillQuery, BillSummary, BillType } from './types/bills.js';

const HISTORY_TYPES: ReadonlySet<BillType> = new Set(['WATER', 'ELECTRICITY', 'GAS']);

/** Bills: the bill inquiry by bill id or by service, bill details and the billing history. */
export class BillsAPI {
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
}
