import type { SayadPartyRecord } from '../../validation/cheques.js';

export type { SayadPartyRecord };
/** The Sayad system's four-letter purpose codes (wire facts §4.8), by the schema's name for each. */
export const CHEQUE_REASON = {
  SALARY: 'POSA',
  INSURANCE: 'IOSP',
  MEDICAL: 'HIPA',
  INVESTMENT: 'ISAP',
  FOREIGN_EXCHANGE: 'FXAP',
  DEBT_REPAYMENT: 'DRPA',
  RETIREMENT: 'RTAP',
  MOVABLE_PROPERTY: 'MPTP',
  REAL_ESTATE: 'IMPT',
  LIQUIDITY_MANAGEMENT: 'LMAP',
  CUSTOMS: 'CDAP',
  TAX: 'TCAP',
  GOVERNMENT_SERVICES: 'GEAC',
  FACILITIES: 'LRPA',
  COLLATERAL: 'CCPA',
  DAILY_EXPENSES: 'GPAC',
  CHARITY: 'CPAC',
  GOODS: 'GPPC',
  SERVICES: 'SPAC',
} as const;
export type ChequeReasonCode = (typeof CHEQUE_REASON)[keyof typeof CHEQUE_REASON];

/** A transfer's `resultCode` (wire facts §4.8), by the schema's name for each. */
export const CHEQUE_TRANSFER_STATE = {
  TRANSFERRED: 1,
  AWAITING_ACCEPTANCE: 2,
  APPROVAL_REGISTERED: 3,
  COMPLETED: 4,
  CANCELLED: 5,
} as const;
export type ChequeTransferStateCode = (typeof CHEQUE_TRANSFER_STATE)[keyof typeof CHEQUE_TRANSFER_STATE];
/** A transfer state as served: a known `resultCode`, or `OTHER` for one not known. */
export type ChequeTransferStateValue = ChequeTransferStateCode | 'OTHER';

export interface SayadSignerRecord {
  readonly signer: SayadPartyRecord;
  readonly legalStamp: boolean;
}

/** The leaf of a Sayad cheque, read by its Sayad id before it is issued. */
export interface ChequeLeafRecord {
  readonly iban: string;
  readonly seriesNumber: string;
  readonly serialNumber: string;
  /** The branch code as the Sayad bodies want it (bank code without leading zeros, then the branch). */
  readonly branchCode: string;
}

export type ChequeActionType = 'ISSUE' | 'TRANSFER' | 'GIVE_BACK' | 'ACCEPT' | 'REJECT' | 'CANCEL';

/** Which operation variant sends an action: the grant of the consent presented. */
export type ChequeActionGrant = 'authorization_code' | 'authorization_sms';

interface OrderBase {
  /** The national id of who acts: the consent's person. */
  readonly actor: string;
  readonly sayadId: string;
}

export interface IssueChequeOrder extends OrderBase {
  readonly type: 'ISSUE';
  readonly accountOwners: readonly SayadPartyRecord[];
  readonly receivers: readonly SayadPartyRecord[];
  readonly signers: readonly SayadSignerRecord[];
  readonly leaf: ChequeLeafRecord;
  /** Rials, decimal digits. */
  readonly amount: string;
  /** Jalali `YYYYMMDD`. */
  readonly dueDate: string;
  readonly description: string;
  /** The four-letter purpose code. */
  readonly reason: string;
  /** 1 normal, 2 bank, 3 coded, 4 ad hoc. */
  readonly chequeType: number;
  /** 1 paper, 2 digital. */
  readonly chequeMedia: number;
  readonly toIban: string | null;
}

export interface TransferChequeOrder extends OrderBase {
  readonly type: 'TRANSFER' | 'GIVE_BACK';
  readonly grant: ChequeActionGrant;
  readonly holder: SayadPartyRecord;
  readonly receivers: readonly SayadPartyRecord[];
  readonly signers: readonly SayadSignerRecord[];
  readonly description: string;
  readonly reason: string;
  readonly toIban: string | null;
  /** Jalali `YYYYMMDDHHmmss`, Tehran time, fixed when the action is claimed. */
  readonly transferDate: string;
}

export interface AnswerChequeOrder extends OrderBase {
  readonly type: 'ACCEPT' | 'REJECT';
  readonly acceptor: SayadPartyRecord;
  /** Who answers for the receiver (`acceptorAgent`), the consent's person; absent when the receiver answers. */
  readonly acceptorAgent?: SayadPartyRecord;
  readonly description: string;
}

export interface CancelChequeOrder extends OrderBase {
  readonly type: 'CANCEL';
  readonly canceller: SayadPartyRecord;
  /** Who cancels for the drawer (`cancellerAgent`), the consent's person; absent when the drawer cancels. */
  readonly cancellerAgent?: SayadPartyRecord;
  readonly description: string;
}

export type ChequeActionOrder = IssueChequeOrder | TransferChequeOrder | AnswerChequeOrder | CancelChequeOrder;

/** What the Sayad system answered when it applied an action. */
export interface ChequeActionReceiptRecord {
  /** Null when the outcome was learned from the upstream's record of the call. */
  readonly referenceId: string | null;
  readonly message: string | null;
  /** A transfer's `resultCode` (1 transferred … 5 cancelled); null for other actions. */
  readonly resultCode: number | null;
}
