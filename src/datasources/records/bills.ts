import { upstreamBillType, upstreamOperator } from '../../validation/bills.js';
import type { RecordReader, JsonObject } from '../shared/read.js';
import { BILL_INFO_FIELDS } from '../types/billDetails.js';
import type { BillQuery, BillSummary } from '../types/bills.js';

/** The query parameters of a bill inquiry: the upstream's bill type, the bill id or phone number, and the operator. */
export function billQueryParameters(query: BillQuery): { type: string; parameter: string; secondParameter?: string } {
  return {
    type: upstreamBillType(query.type),
    parameter: query.parameter,
    ...(query.operator && { secondParameter: upstreamOperator(query.operator) }),
  };
}

/** The four fields every bill answer carries, under the names the answer gives them. */
export function summary(
  read: RecordReader,
  amount: unknown,
  billId: unknown,
  payId: unknown,
  date: unknown,
): BillSummary {
  return {
    amount: read.rial(amount, 'bill amount'),
    billId: read.text(billId),
    paymentId: read.text(payId),
    dueDate: read.text(date),
  };
}

/** The detailed inquiry's `Info` block, by the fields each bill type has. */
export function readInfo(read: RecordReader, info: JsonObject): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const [key, [name, kind]] of Object.entries(BILL_INFO_FIELDS)) {
    const value = info[key];
    out[name] = kind === 'rial' ? read.rial(value, key) : kind === 'count' ? read.count(value, key) : read.text(value);
  }
  return out;
}
