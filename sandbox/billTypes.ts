/** Bill `type` values each bill operation accepts (spec §4.1, wire facts §4.4). */

export const INQUIRY_BILL_TYPES = [
  'Water',
  'Electricity',
  'Electricity-standard',
  'Gas',
  'GasByBillId',
  'Tel',
  'TelNow',
  'Mobile',
  'MobileNow',
] as const;

export const DETAIL_BILL_TYPES = ['Water', 'Electricity', 'Electricity-support', 'Gas'] as const;

/** billHistoryInquiry is a designed operation (see the catalog notes). */
export const HISTORY_BILL_TYPES = ['Water', 'Electricity', 'Gas'] as const;

export type BillType =
  (typeof INQUIRY_BILL_TYPES)[number] | (typeof DETAIL_BILL_TYPES)[number] | (typeof HISTORY_BILL_TYPES)[number];

export const MOBILE_OPERATORS = ['MCI', 'MTN', 'Rightel'] as const;
export type MobileOperator = (typeof MOBILE_OPERATORS)[number];

/** A bill inquiry whose inputs passed the upstream's checks. */
export interface BillInput {
  readonly type: BillType;
  readonly parameter: string;
  readonly secondParameter?: MobileOperator;
}
