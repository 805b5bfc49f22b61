import { upstreamBillType, upstreamDetailBillType } from '../validation/bills.js';
import { BillAnswer, BillDetailsAnswer, BillHistoryAnswer, billQueryParameters, billSummary } from './records/bills.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import { decode } from './shared/shapes.js';
import { type BillDetailsRecord } from './types/billDetails.js';
import type { BillHistoryRecord, BillQuery, BillSummary, BillType } from './types/bills.js';

const HISTORY_TYPES: ReadonlySet<BillType> = new Set(['WATER', 'ELECTRICITY', 'GAS']);

/** Bills: the bill inquiry by bill id or by service, bill details and the billing history. */
export class BillsAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  async getBill(query: BillQuery): Promise<BillSummary> {
    const answer = await this.upstream.read('billingInquiryCcGet', { query: billQueryParameters(query) });
    return billSummary(decode('billingInquiryCcGet', answer, BillAnswer));
  }

  /** Null for bill types the upstream has no detailed inquiry for. */
  async getBillDetails(query: BillQuery): Promise<BillDetailsRecord | null> {
    const type = upstreamDetailBillType(query.type);
    if (!type) return null;
    const answer = await this.upstream.read('billingDetailInquiryCcGet', {
      query: { type, parameter: query.parameter },
    });
    const r = decode('billingDetailInquiryCcGet', answer, BillDetailsAnswer);
    return { ...billSummary(r), ...r.Info };
  }

  /** Null for bill types the upstream keeps no history for. */
  async listBillHistory(query: BillQuery): Promise<BillHistoryRecord[] | null> {
    if (!HISTORY_TYPES.has(query.type)) return null;
    const answer = await this.upstream.read('billingBillHistoryInquiryGet', {
      query: { type: upstreamBillType(query.type), parameter: query.parameter },
    });
    const r = decode('billingBillHistoryInquiryGet', answer, BillHistoryAnswer);
    return r.Items.map((item) => ({ ...billSummary(item), paidOn: item.PaymentDate }));
  }
}
