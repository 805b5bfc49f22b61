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
}

export interface ChequeChainRecord extends ChequePartyRecord {
  readonly role: string | null;
  readonly step: number | null;
  /** Jalali `YYYYMMDDHHmmss`. */
  readonly at: string | null;
}

export interface ChequeStatusReportRecord {
  readonly awaitingAcceptance: boolean | null;
  readonly drawers: readonly ChequePartyRecord[];
}

export interface ChequebookRecord {
  readonly firstSerial: string | null;
  readonly lastSerial: string | null;
  readonly sheets: number | null;
  readonly media: string | null;
  /** Jalali `YYYY/MM/DD` or `YYYYMMDD`. */
  readonly issuedOn: string | null;
  readonly expiresOn: string | null;
  readonly sayadIds: readonly string[];
}
