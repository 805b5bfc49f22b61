/** Account status codes of the upstream (spec §4.2, wire facts §4.1). */
export const ACCOUNT_STATUS = {
  '01': 'CLOSED',
  '02': 'ACTIVE',
  '03': 'BLOCKED_DEPOSIT_ALLOWED',
  '04': 'BLOCKED',
  '05': 'DORMANT',
  '06': 'ERROR',
  '07': 'IBAN_ERROR',
  '08': 'NO_ACCOUNT',
} as const;

export type AccountStatus = (typeof ACCOUNT_STATUS)[keyof typeof ACCOUNT_STATUS];

/** A holder's name as the upstream gives it: there is no national id beside it. */
export interface HolderName {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly fullName: string;
}

/** What the upstream says about an IBAN (ibanInquiry). */
export interface IbanRecord {
  readonly iban: string;
  readonly accountNumber: string | null;
  readonly bankName: string | null;
  readonly status: AccountStatus | null;
  readonly statusDescription: string | null;
  readonly comment: string | null;
  readonly owners: readonly HolderName[];
}

/** A card's conversion to IBAN and account (cardToIban, version 2). */
export interface CardAccountRecord {
  readonly card: string;
  readonly iban: string | null;
  readonly accountNumber: string | null;
  readonly bankName: string | null;
  readonly status: AccountStatus | null;
  readonly ownerName: string | null;
}

/** The card inquiry: holder and bank of a card. */
export interface CardHolderRecord {
  readonly card: string;
  readonly maskedNumber: string | null;
  readonly holderName: string | null;
  readonly bankName: string | null;
}

/** An account number converted to its IBAN (depositToIban). */
export interface AccountNumberRecord {
  readonly accountNumber: string;
  readonly bankCode: string;
  readonly iban: string | null;
  readonly bankName: string | null;
  readonly status: AccountStatus | null;
  readonly ownerName: string | null;
}

export interface BankRecord {
  readonly code: string;
  readonly name: string;
  readonly cardPrefixes: readonly string[];
  readonly active: boolean;
}
