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
  /** The holders the conversion names (whole names only: version 2 gives them as one string). */
  readonly holders: readonly HolderName[];
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
  /** The holders the conversion names (their names only). */
  readonly holders: readonly HolderName[];
}

export interface BankRecord {
  readonly code: string;
  readonly name: string;
  readonly cardPrefixes: readonly string[];
  readonly active: boolean;
  /** The upstream's remark on the bank (`extra.message`). */
  readonly notice: string | null;
}

/** An account number's holder as the account inquiry names them (depositInfo). */
export interface AccountHolderRecord {
  readonly bankName: string | null;
  readonly holderName: string | null;
}

export type AccountType =
  | 'CURRENT'
  | 'SHORT_TERM_DEPOSIT'
  | 'QARZ_AL_HASANEH'
  | 'LONG_TERM_DEPOSIT'
  | 'FOREIGN_CURRENCY'
  | 'NOTICE_DEPOSIT'
  | 'SPECIAL_QARZ_SAVINGS'
  | 'TRUST_INVESTMENT'
  | 'CARD_ACCOUNT'
  | 'LOAN_ACCOUNT'
  | 'BANKS';

/** Account type codes of the account inquiry (wire facts §4.1, getAccountInfo). */
export const ACCOUNT_TYPE: Readonly<Record<string, AccountType>> = {
  '010': 'CURRENT',
  '030': 'SHORT_TERM_DEPOSIT',
  '040': 'QARZ_AL_HASANEH',
  '045': 'LONG_TERM_DEPOSIT',
  '020': 'FOREIGN_CURRENCY',
  '025': 'NOTICE_DEPOSIT',
  '035': 'SPECIAL_QARZ_SAVINGS',
  '050': 'TRUST_INVESTMENT',
  '055': 'CARD_ACCOUNT',
  '060': 'LOAN_ACCOUNT',
  '015': 'BANKS',
};

export type CustomerType = 'NATURAL' | 'LEGAL' | 'JOINT';

export const CUSTOMER_TYPE: Readonly<Record<string, CustomerType>> = { '01': 'NATURAL', '02': 'LEGAL', '24': 'JOINT' };

/** The account inquiry with the holder's national id (getAccountInfo; Ayandeh bank only). */
export interface AccountInfoRecord {
  readonly accountNumber: string | null;
  readonly status: AccountStatus | null;
  readonly holderFirstName: string | null;
  readonly holderLastName: string | null;
  /** National id of a person (10 digits) or legal id of a company (11 digits). */
  readonly holderId: string | null;
  readonly accountType: AccountType | null;
  readonly customerType: CustomerType | null;
}

/** A card's account number and holder (cardToDeposit). */
export interface CardDepositRecord {
  readonly accountNumber: string | null;
  readonly holderName: string | null;
}

/** Step 2 of Shahkar by SMS: the code matched (and whether the mobile is the person's), or it was refused. */
export type MobileOwnershipOutcome =
  | { readonly kind: 'checked'; readonly matches: boolean }
  | { readonly kind: 'codeRejected'; readonly code: 'INVALID_OTP' | 'OTP_EXPIRED' };
/** A statement of an account over a range of days, read whole from the upstream's pages. */
export interface StatementRecord {
  /** Signed rials (negative when the account is overdrawn). */
  readonly currentBalance: string | null;
  readonly availableBalance: string | null;
  readonly transactions: readonly StatementEntryRecord[];
  /** The account's details the statement gives beside its transactions (from its last page). */
  readonly details: StatementDetailsRecord;
}

export interface StatementDetailsRecord {
  readonly iban: string | null;
  readonly branchCode: string | null;
  readonly branchName: string | null;
  readonly holderFirstName: string | null;
  readonly holderLastName: string | null;
  /** Jalali `YYYYMMDD` (the doc says `YYMMDD`; its sample has 8 digits). */
  readonly openDate: string | null;
  readonly accountTypeCode: string | null;
  readonly subTypeCode: string | null;
  /** Signed rials. */
  readonly effectiveBalance: string | null;
  readonly averageBalance: string | null;
  /** `backupAccountNumber`, in the bank's format. */
  readonly backupAccountNumber: string | null;
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
  readonly operationCode: string | null;
  readonly operationMessage: string | null;
  readonly chequeNumber: string | null;
  readonly branchNumber: string | null;
  readonly optionalInformation: string | null;
  readonly optionalInformation1: string | null;
  readonly optionalInformation15: string | null;
  readonly optionalInformation30: string | null;
  /** As the bank gives them (formats undocumented). */
  readonly requestDate: string | null;
  readonly requestTime: string | null;
  readonly originKey: string | null;
  readonly rawOriginKey: string | null;
  readonly userId: string | null;
  readonly source: string | null;
  /** `additionalInformation` split at `|`. */
  readonly additionalInformation: readonly string[];
  readonly ibanInformation: StatementIbanInformationRecord | null;
  readonly cardInformation: StatementCardInformationRecord | null;
  readonly ledgerInformation: StatementLedgerInformationRecord | null;
  /** Pasargad only. */
  readonly refCode: string | null;
  readonly transactionAmount: string | null;
  /** Keshavarzi only. */
  readonly keshavarzi: StatementKeshavarziDetailsRecord | null;
}

export interface StatementIbanInformationRecord {
  readonly branchCode: string | null;
  readonly bankCode: string | null;
  readonly reasonDescription: string | null;
  readonly transactionClass: string | null;
  readonly name: string | null;
  readonly destinationIban: string | null;
  readonly chargeAmount: string | null;
  readonly payId: string | null;
  readonly chakavakInfo: string | null;
  readonly transactionTypeCode: string | null;
  readonly referenceId: string | null;
}

export interface StatementCardInformationRecord {
  readonly branchCode: string | null;
  readonly bankCode: string | null;
  readonly transactionClass: string | null;
  readonly referenceNo: string | null;
  readonly destinationPan: string | null;
  readonly sourcePan: string | null;
  readonly acquiringNo: string | null;
  readonly transactionTypeCode: string | null;
  readonly deviceSerial: string | null;
  readonly trace: string | null;
  readonly billId: string | null;
  readonly name: string | null;
  readonly destinationIban: string | null;
  readonly payId: string | null;
}

export interface StatementLedgerInformationRecord {
  readonly transactionClass: string | null;
  readonly transactionTypeCode: string | null;
  readonly payId: string | null;
  readonly permissionId: string | null;
  readonly reverseIndex: string | null;
  readonly reverseOriginKey: string | null;
  readonly reasonDescription: string | null;
}

export interface StatementKeshavarziDetailsRecord {
  readonly transactionFee: string | null;
  readonly transactionTeller: string | null;
  /** `transactionTypeList`, as given. */
  readonly transactionTypes: readonly string[] | null;
  readonly deposit: string | null;
  readonly destinationNumber: string | null;
  readonly transactionJournal: string | null;
  readonly transactionTerminalType: string | null;
  readonly transactionTerminalCode: string | null;
  readonly transactionBrTerminal: string | null;
  readonly chequeType: string | null;
  readonly transactionCycle: string | null;
  readonly blockAmount: string | null;
  readonly blockCode: string | null;
  readonly blockingReason: string | null;
  readonly chequeInformation: StatementChequeInformationRecord | null;
}

/** A Keshavarzi cheque transaction's details (`chequeInformationMap`), as given. */
export interface StatementChequeInformationRecord {
  /** `chequeNo`. */
  readonly chequeNumber: string | null;
  readonly chequeType: string | null;
  readonly issueDate: string | null;
  readonly dueDate: string | null;
  readonly status: string | null;
}

/** An account's balances now, as the balance inquiry gives them. Amounts in signed rials. */
export interface AccountBalanceRecord {
  readonly currentBalance: string | null;
  readonly availableBalance: string | null;
  readonly effectiveBalance: string | null;
  /** Khavarmianeh (078) accounts only. */
  readonly frozenAmount: string | null;
  /** The account number the bank answered for, in its own format. */
  readonly accountNumber: string | null;
  readonly debit: boolean | null;
}
