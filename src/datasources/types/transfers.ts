/** A transfer as the client orders it, validated; amounts in rials as decimal strings. */
export interface TransferOrderRecord {
  /** The account holder whose consent moves the money. */
  readonly nationalId: string;
  /** The source account in its bank's own format. */
  readonly sourceAccountNumber: string;
  /** An account number of the source's bank, or an IBAN. */
  readonly destination: string;
  readonly amount: string;
  readonly description: string;
  readonly destinationFirstName: string | null;
  readonly destinationLastName: string | null;
  readonly paymentNumber: string | null;
}

export type TransferRail = 'INTERNAL' | 'PAYA' | 'SATNA';

/** The bank's receipt of an applied transfer: what reconciliation needs. */
export interface TransferReceiptRecord {
  readonly amount: string | null;
  readonly rail: TransferRail | null;
  readonly sourceNumber: string | null;
  readonly destinationNumber: string | null;
  readonly destinationFirstName: string | null;
  readonly destinationLastName: string | null;
  /** Jalali `YYMMDD` and `HHMMSS`, Tehran time, as the bank booked it. */
  readonly inquiryDate: string | null;
  readonly inquiryTime: string | null;
  readonly inquirySequence: string | null;
  readonly refCode: string | null;
  /** The trackId the transfer was applied with. */
  readonly trackId: string;
}
