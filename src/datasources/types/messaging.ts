/** SMS sent through the upstream (wire facts §4.10), as the subgraph keeps and shows them. */

/** One text to one mobile (`09…`). */
export interface SmsMessageRecord {
  readonly to: string;
  readonly text: string;
}

/** A send as it is sent: from one of the client's sender numbers, each recipient with its text. */
export interface SmsOrderRecord {
  readonly from: string;
  readonly messages: readonly SmsMessageRecord[];
  readonly templateId: string | null;
}

/** Where one recipient's message stands, by the name of the upstream's delivery code. */
export type SmsDeliveryStatus =
  | 'QUEUED'
  | 'SENT'
  | 'ON_THE_WAY'
  | 'AT_TELECOM'
  | 'READY_FOR_MESSENGER'
  | 'UNKNOWN'
  | 'DELIVERED'
  | 'FAILED'
  | 'NOT_CONFIRMED'
  | 'DUPLICATE'
  | 'BLACKLISTED'
  | 'STOPPED_AT_MESSENGER'
  | 'INVALID_SENDER_NUMBER'
  | 'SENT_WITHOUT_REPORT'
  | 'NO_REPORT_POSSIBLE'
  | 'NOT_ACCEPTED'
  | 'UNMATCHED';

/**
 * The upstream's delivery codes (wire facts §4.10), each with its status and whether it is final
 * (designed where the documentation only names the code; catalog notes of `facilityFinnotextInquiryGet`).
 */
export const SMS_DELIVERY_CODES: ReadonlyMap<number, { readonly status: SmsDeliveryStatus; readonly final: boolean }> =
  new Map([
    [-1, { status: 'FAILED', final: true }],
    [0, { status: 'QUEUED', final: false }],
    [1, { status: 'SENT', final: false }],
    [2, { status: 'NOT_CONFIRMED', final: true }],
    [5, { status: 'ON_THE_WAY', final: false }],
    [6, { status: 'DUPLICATE', final: true }],
    [10, { status: 'FAILED', final: true }],
    [11, { status: 'AT_TELECOM', final: false }],
    [19, { status: 'SENT_WITHOUT_REPORT', final: true }],
    [20, { status: 'SENT_WITHOUT_REPORT', final: true }],
    [21, { status: 'READY_FOR_MESSENGER', final: false }],
    [22, { status: 'AT_TELECOM', final: false }],
    [23, { status: 'BLACKLISTED', final: true }],
    [24, { status: 'DELIVERED', final: true }],
    [25, { status: 'STOPPED_AT_MESSENGER', final: true }],
    [26, { status: 'INVALID_SENDER_NUMBER', final: true }],
    [100, { status: 'NO_REPORT_POSSIBLE', final: true }],
  ]);

/** One recipient of a send, as the delivery report last showed it. */
export interface SmsRecipientRecord {
  readonly to: string;
  readonly status: SmsDeliveryStatus;
  /** The upstream's delivery code; null before the report names the recipient, or when it never did. */
  readonly code: number | null;
  readonly final: boolean;
}

/** A send and its delivery so far. */
export interface SmsDeliveryRecord {
  /** Messages the upstream accepted; null when its answer to the send was never read. */
  readonly numberOfRecords: number | null;
  /** SMS parts they make; null when the upstream's answer to the send was never read. */
  readonly numberOfParts: number | null;
  /** In the order of the send's messages. */
  readonly recipients: readonly SmsRecipientRecord[];
}
