/** The Sayad system's codes of a cheque's status (`chequeStatus`, wire facts §4.8), by the schema's name for each. */
export const CHEQUE_STATUS = {
  ISSUED: 1,
  CASHED: 2,
  VOIDED: 3,
  RETURNED: 4,
  PARTLY_RETURNED: 5,
  AWAITING_GUARANTORS: 6,
  AWAITING_ACCEPTANCE: 7,
  AWAITING_TRANSFER_ACCEPTANCE: 8,
} as const;
export type ChequeStatusCode = (typeof CHEQUE_STATUS)[keyof typeof CHEQUE_STATUS];

/** The Sayad system's codes of a cheque's kind (`chequeType`). */
export const CHEQUE_TYPE = { NORMAL: 1, BANK: 2, CODED: 3, AD_HOC: 4 } as const;
export type ChequeTypeCode = (typeof CHEQUE_TYPE)[keyof typeof CHEQUE_TYPE];

/** The Sayad system's codes of a cheque's medium (`chequeMedia`). */
export const CHEQUE_MEDIA = { PAPER: 1, DIGITAL: 2 } as const;
export type ChequeMediaCode = (typeof CHEQUE_MEDIA)[keyof typeof CHEQUE_MEDIA];

/** The Sayad system's codes of a party's kind (`idType`). */
export const CHEQUE_PARTY_KIND = { NATURAL: 1, LEGAL: 2, FOREIGN_NATURAL: 3, FOREIGN_LEGAL: 4 } as const;
export type ChequePartyKindCode = (typeof CHEQUE_PARTY_KIND)[keyof typeof CHEQUE_PARTY_KIND];

/** A code as served: one of the known codes, or `OTHER` for a code not known (or none). */
export type ChequeStatusValue = ChequeStatusCode | 'OTHER';
export type ChequeTypeValue = ChequeTypeCode | 'OTHER';
export type ChequeMediaValue = ChequeMediaCode | 'OTHER';
export type ChequePartyKindValue = ChequePartyKindCode | 'OTHER';

/** A party of a Sayad cheque as the upstream names it. */
export interface ChequePartyRecord {
  readonly idCode: string | null;
  /** 1 natural, 2 legal, 3 foreign natural, 4 foreign legal. */
  readonly idType: number | null;
  readonly name: string | null;
}

/** A Sayad cheque as its holder's inquiry shows it. */
export interface ChequeRecord {
  readonly sayadId: string;
  /** 1 issued … 8 awaiting acceptance of a transfer (wire facts §4.8). */
  readonly status: number | null;
  readonly amount: string | null;
  /** Jalali `YYYYMMDD`. */
  readonly dueDate: string | null;
  readonly description: string | null;
  readonly serialNumber: string | null;
  readonly seriesNumber: string | null;
  readonly fromIban: string | null;
  readonly toIban: string | null;
  readonly reason: string | null;
  readonly type: number | null;
  readonly media: number | null;
  readonly locked: boolean | null;
  readonly holders: readonly ChequePartyRecord[];
  readonly signers: readonly { readonly name: string | null; readonly legalStamp: boolean | null }[];
  /** Jalali `YYYYMMDDHHmmss`. */
  readonly issuedAt: string | null;
  readonly referenceId: string | null;
  /** 3 digits, zero-padded. */
  readonly bankCode: string | null;
  readonly branchCode: string | null;
  readonly currency: number | null;
  readonly blockStatus: number | null;
  readonly guaranteeStatus: number | null;
  /** 3 digits, zero-padded. */
  readonly lockerBankCode: string | null;
  readonly lockerBranchCode: string | null;
}

/** Who a cheque inquiry is for: the consenting person, or the company (legal id) they act for. */
export interface ChequeViewer {
  /** The consenting person's national id: the SMS token is theirs. */
  readonly nationalId: string;
  /** The company's 11-digit legal id, when the person acts for one. */
  readonly legalId?: string;
  /** The person's 16-digit Shahab code, sent with the holder's inquiry when the caller gives it (never with `legalId`). */
  readonly shahabId?: string;
}

/** A chequebook leaf as the serial inquiry (by Sayad id) or the Sayad id inquiry (by serial) gives it. */
export interface ChequeLeafRecord {
  /** The leaf's 16-digit Sayad id: the one asked, or the one the upstream answered for a serial. */
  readonly sayadId: string | null;
  readonly iban: string | null;
  readonly serialNumber: string | null;
  readonly seriesNumber: string | null;
  /** Jalali `YYYYMMDD`. */
  readonly issuedOn: string | null;
  /** Jalali `YYYYMMDD`; null when absent or the text `null`. */
  readonly expiresOn: string | null;
  readonly media: string | null;
  readonly branchCode: string | null;
  /** Given by the serial inquiry only (null for a leaf found by its serial). */
  readonly holderName: string | null;
}

/** A Sayad cheque as its drawer's inquiry (the issuer inquiry) shows it. */
export interface ChequeDrawerReportRecord {
  /** As in `ChequeRecord.status`. */
  readonly status: number | null;
  readonly amount: string | null;
  /** Jalali `YYYYMMDD`. */
  readonly dueDate: string | null;
  readonly fromIban: string | null;
  readonly type: number | null;
  readonly media: number | null;
  /** The receivers awaited while the cheque awaits acceptance, else its holders. */
  readonly receivers: readonly ChequePartyRecord[];
  /** Jalali `YYYYMMDDHHmmss`. */
  readonly issuedAt: string | null;
  /** 3 digits, zero-padded. */
  readonly bankCode: string | null;
  readonly branchCode: string | null;
  readonly description: string | null;
  readonly serialNumber: string | null;
  readonly seriesNumber: string | null;
  readonly reason: string | null;
  readonly currency: number | null;
  readonly blockStatus: number | null;
  readonly guaranteeStatus: number | null;
  readonly locked: boolean | null;
  readonly referenceId: string | null;
}

export interface ChequeChainRecord extends ChequePartyRecord {
  readonly role: string | null;
  readonly step: number | null;
  /** Jalali `YYYYMMDDHHmmss`. */
  readonly at: string | null;
}

export interface ChequeStatusReportRecord {
  /** As in `ChequeRecord.status`. */
  readonly status: number | null;
  readonly awaitingAcceptance: boolean | null;
  readonly drawers: readonly ChequePartyRecord[];
}

export interface ChequebookRecord {
  /** The account number in the bank's format (`accountNo`). */
  readonly accountNumber: string | null;
  readonly iban: string | null;
  readonly branchCode: string | null;
  readonly branchName: string | null;
  /** `branchCodeAndName`, the two as one text. */
  readonly branchCodeAndName: string | null;
  readonly deliveryBranchCode: string | null;
  readonly customerName: string | null;
  readonly customerNumber: string | null;
  readonly customerType: string | null;
  /** `nationalCode`: the customer's national id (or legal id). */
  readonly customerId: string | null;
  /** `stateDescription`, in Persian. */
  readonly state: string | null;
  /** `isABunch`: more than 50 sheets. */
  readonly large: boolean | null;
  /** Jalali `YYYYMMDD` or `YYYY/MM/DD`. */
  readonly issuanceDate: string | null;
  readonly firstSerial: string | null;
  readonly lastSerial: string | null;
  readonly sheets: number | null;
  readonly media: string | null;
  /** Jalali `YYYY/MM/DD` or `YYYYMMDD`. */
  readonly issuedOn: string | null;
  readonly expiresOn: string | null;
  /** The leaves' Sayad ids, 16 digits each (Persian digits made ASCII). */
  readonly sayadIds: readonly string[];
  /** The leaves' Sayad ids that are not 16 digits, as the upstream wrote them. */
  readonly malformedSayadIds: readonly string[];
}
