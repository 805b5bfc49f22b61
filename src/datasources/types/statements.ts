/** A statement of an account over a range of days, read whole from the upstream's pages. */
export interface StatementRecord {
  /** Signed rials (negative when the account is overdrawn). */
  readonly currentBalance: string | null;
  readonly availableBalance: string | null;
  readonly transactions: readonly StatementEntryRecord[];
}

export type EntryDirection = 'CREDIT' | 'DEBIT';

export interface StatementEntryRecord {
  readonly recordNumber: string | null;
  readonly direction: EntryDirection;
  /** Rials moved, unsigned. */
  readonly amount: string;
  /** Signed rials after the entry. */
  readonly balance: string | null;
  readonly description: string | null;
  /** Jalali `YYYYMMDDHHmmss`, Tehran time. */
  readonly bookedAt: string | null;
  /** `CARD`, `IBAN` or `LEDGER` as the bank classes it. */
  readonly kind: string | null;
  readonly counterpartyIban: string | null;
  readonly counterpartyName: string | null;
  readonly referenceId: string | null;
}
