/** Records of the credit group (facilities, bounced cheques, guarantees, cheque colour, MACNA). Amounts are rials as digit strings. */

/** A bank by its 3-digit code. */
export interface BankRef {
  readonly code: string;
}

export type FacilityContractType =
  | 'QARZ_AL_HASANEH'
  | 'CIVIL_PARTNERSHIP'
  | 'LEGAL_PARTNERSHIP'
  | 'DIRECT_INVESTMENT'
  | 'MUDARABA'
  | 'SALAF'
  | 'INSTALMENT_SALE_INPUTS'
  | 'INSTALMENT_SALE_MACHINERY'
  | 'INSTALMENT_SALE_HOUSING'
  | 'HIRE_PURCHASE'
  | 'JUALA'
  | 'MUZARAA'
  | 'MUSAQAT'
  | 'DEBT_PURCHASE'
  | 'OLD_CONTRACTS'
  | 'ISTISNA'
  | 'MURABAHA'
  | 'OTHER';

/** The amounts of a loan, in rials, as the credit bureau reports them. */
export interface LoanAmountsRecord {
  readonly originalAmount: string | null;
  readonly benefitAmount: string | null;
  readonly debtAmount: string | null;
  readonly pastDueAmount: string | null;
  readonly deferredAmount: string | null;
  readonly doubtfulAmount: string | null;
}

/** The bureau's contract type codes (wire facts §4.7). */
export const FACILITY_CONTRACT_TYPE: Readonly<Record<string, FacilityContractType>> = {
  '10': 'QARZ_AL_HASANEH',
  '11': 'CIVIL_PARTNERSHIP',
  '12': 'LEGAL_PARTNERSHIP',
  '13': 'DIRECT_INVESTMENT',
  '14': 'MUDARABA',
  '15': 'SALAF',
  '16': 'INSTALMENT_SALE_INPUTS',
  '17': 'INSTALMENT_SALE_MACHINERY',
  '18': 'INSTALMENT_SALE_HOUSING',
  '19': 'HIRE_PURCHASE',
  '20': 'JUALA',
  '21': 'MUZARAA',
  '22': 'MUSAQAT',
  '23': 'DEBT_PURCHASE',
  '24': 'OLD_CONTRACTS',
  '25': 'ISTISNA',
  '26': 'MURABAHA',
};

export interface FacilityRecord extends LoanAmountsRecord {
  readonly bank: BankRef | null;
  readonly branchCode: string | null;
  readonly branchName: string | null;
  readonly requestNumber: string | null;
  readonly requestType: string | null;
  readonly contractType: FacilityContractType | null;
  readonly contractTypeCode: string | null;
  readonly status: string | null;
  readonly currency: string | null;
  readonly obligationAmount: string | null;
  /** Jalali `YYYYMMDD`. */
  readonly setDate: string | null;
  readonly endDate: string | null;
  readonly group: string | null;
  /** Jalali `YYYYMMDD`. */
  readonly moratoriumDate: string | null;
}

export interface FacilityReportRecord {
  readonly name: string | null;
  readonly totalAmount: string | null;
  readonly debtAmount: string | null;
  readonly pastDueAmount: string | null;
  readonly deferredAmount: string | null;
  readonly doubtfulAmount: string | null;
  readonly dishonoured: boolean | null;
  readonly facilities: readonly FacilityRecord[];
}

export interface BouncedChequeRecord {
  readonly bank: BankRef | null;
  readonly branchCode: string | null;
  readonly branchName: string | null;
  readonly accountNumber: string | null;
  readonly amount: string | null;
  /** Jalali `YYYYMMDD`. */
  readonly issueDate: string | null;
  readonly bounceDate: string | null;
  readonly number: string | null;
  readonly chequeId: string | null;
}

export interface BouncedChequeReportRecord {
  readonly name: string | null;
  readonly cheques: readonly BouncedChequeRecord[];
}

export interface GuaranteedLoanRecord extends LoanAmountsRecord {
  readonly debtorFirstName: string | null;
  readonly debtorLastName: string | null;
  readonly bank: BankRef | null;
  readonly branchCode: string | null;
  readonly branchName: string | null;
  readonly requestNumber: string | null;
  readonly requestType: string | null;
  readonly guaranteePercent: number | null;
  readonly latePenaltyAmount: string | null;
  readonly obligationAmount: string | null;
  readonly defunctAmount: string | null;
  readonly commitmentBalanceAmount: string | null;
  /** Jalali `YYYYMMDD`. */
  readonly setDate: string | null;
  readonly endDate: string | null;
}

export interface GuarantyReportRecord {
  readonly guarantorName: string | null;
  readonly inquiryId: string | null;
  readonly loans: readonly GuaranteedLoanRecord[];
}

export type ChequeColour = 'WHITE' | 'YELLOW' | 'ORANGE' | 'BROWN' | 'RED';

export const CHEQUE_COLOUR: Readonly<Record<string, ChequeColour>> = {
  '1': 'WHITE',
  '2': 'YELLOW',
  '3': 'ORANGE',
  '4': 'BROWN',
  '5': 'RED',
};

export interface ChequeStandingRecord {
  readonly colour: ChequeColour | null;
  readonly code: string | null;
}

export interface IssuedCardRecord {
  readonly maskedPan: string | null;
  readonly bank: BankRef | null;
  /** Gregorian `YYYY-MM-DD`. */
  readonly issueDate: string | null;
  /** Gregorian `YYYY-MM-DD`. */
  readonly updatedOn: string | null;
  readonly cardType: number | null;
  readonly stateCode: number | null;
  readonly state: string | null;
  readonly messageCode: number | null;
  readonly message: string | null;
  readonly registryCode: string | null;
}

export interface CardIssuanceRecord {
  readonly trace: number | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly remainingNationwide: number | null;
  readonly remainingAtBank: number | null;
  readonly cards: readonly IssuedCardRecord[];
}

export interface BankGuaranteeRecord {
  readonly guaranteeId: string;
  readonly sepamId: string | null;
  readonly branchCode: string | null;
  readonly centralBankTypeCode: string | null;
  readonly kindCode: string | null;
  readonly kind: string | null;
  readonly customerNumber: string | null;
  readonly amount: string | null;
  readonly previousDebtAmount: string | null;
  readonly issueCharge: string | null;
  readonly lastRenewalCharge: string | null;
  readonly totalCharge: string | null;
  /** Jalali `YYYYMMDD`. */
  readonly issueDate: string | null;
  readonly maturityDate: string | null;
  readonly renewalDate: string | null;
  readonly statusCode: string | null;
  readonly status: string | null;
  readonly economicSector: string | null;
  readonly economicSubsector: string | null;
}

export interface GuaranteeCollateralRecord {
  readonly collateralId: string | null;
  readonly typeCode: string | null;
  readonly centralBankTypeCode: string | null;
  readonly type: string | null;
  readonly evaluatedAmount: string | null;
  readonly debtAmount: string | null;
  readonly interestRate: number | null;
  /** Jalali `YYYYMMDD`. */
  readonly receiveDate: string | null;
  readonly issueDate: string | null;
  readonly assignDate: string | null;
}

/** The credit report's two forms: typed fields, or the bureau's PDF. */
export type CreditReportFormat = 'JSON' | 'PDF';
/** Whose authority asks for a credit report: the person's SMS consent, or the client's own credential. */
export type CreditReportAuthority = 'PERSON' | 'CLIENT';

/** A credit report as asked. */
export interface CreditReportOrder {
  readonly nationalId: string;
  /** The person's mobile number, `09` and nine digits: the bureau checks it is theirs. */
  readonly mobile: string;
  readonly format: CreditReportFormat;
  readonly authorizedBy: CreditReportAuthority;
}

/** The risk grades of a credit report, best first. */
export const CREDIT_RISK_GRADES = ['A', 'B', 'C', 'D', 'E'] as const;
export type CreditRiskGrade = (typeof CREDIT_RISK_GRADES)[number];

/** A credit report as typed fields. */
export interface CreditReportRecord {
  readonly nationalId: string | null;
  readonly name: string | null;
  /** 0 to 900, higher is better. */
  readonly score: number | null;
  readonly riskGrade: CreditRiskGrade | null;
  readonly facilities: FacilityReportRecord;
  readonly bouncedCheques: BouncedChequeReportRecord;
}

/** A file the upstream made, carried as base64. */
export interface DocumentRecord {
  readonly fileName: string | null;
  readonly contentType: string;
  /** Standard base64, no `data:` prefix. */
  readonly base64: string;
  /** Bytes of the decoded file. */
  readonly size: number;
}

/** A finished credit report, in the format asked. */
export type CreditReportResult =
  | { readonly format: 'JSON'; readonly report: CreditReportRecord }
  | { readonly format: 'PDF'; readonly document: DocumentRecord };
