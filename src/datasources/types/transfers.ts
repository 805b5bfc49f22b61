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
  /** Optional in stored orders: orders stored before these fields were added lack them. */
  readonly reasonDescription?: string | null;
  readonly sourceFirstName?: string | null;
  readonly sourceLastName?: string | null;
  readonly merchantName?: string | null;
  readonly merchantIban?: string | null;
  /** The 3-digit bank code of the consent that ordered it: the source account's bank. */
  readonly sourceBankCode?: string | null;
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
  /** Optional in stored receipts: receipts stored before these fields were added lack them. */
  readonly description?: string | null;
  readonly message?: string | null;
  readonly paymentNumber?: string | null;
  readonly reasonDescription?: string | null;
  readonly sourceFirstName?: string | null;
  readonly sourceLastName?: string | null;
  readonly transactionId?: string | null;
  readonly endToEndId?: string | null;
  /** The trackId the transfer was applied with. */
  readonly trackId: string;
}
