import { nullIfNotFound } from '../errors.js';
import { isNoData } from './shared/shapes.js';
import { RecordReader, type JsonObject } from './shared/read.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import type { OperationId } from './upstream/operations.js';
import {
  CHEQUE_COLOUR,
  FACILITY_CONTRACT_TYPE,
  type BankGuaranteeRecord,
  type BankRef,
  type BouncedChequeRecord,
  type BouncedChequeReportRecord,
  type CardIssuanceRecord,
  type ChequeStandingRecord,
  type FacilityRecord,
  type FacilityReportRecord,
  type GuaranteeCollateralRecord,
  type GuarantyReportRecord,
} from './types/credit.js';

const COMPANY_FACILITIES = 'credit_v2_clients_clientId_users_user_facilityInquiry_get_inquiry_get';
const COMPANY_CHEQUES = 'credit_v2_clients_clientId_users_user_backChequesLegal_get_legal_get';

/**
 * Credit: facilities, bounced cheques, guarantees and cheque standing of
 * people and companies, and the MACNA card registry. The SMS-confirmed inquiries run under the
 * caller's consent, which must be the person's own.
 */
export class CreditAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  /** A person's loans, under their SMS consent (scope `credit:sms-facility-inquiry:get`). */
  getPersonFacilities(nationalId: string): Promise<FacilityReportRecord> {
    return this.facilities('creditSmsFacilityInquiryGet', nationalId);
  }

  /** A company's loans (client credential). */
  getCompanyFacilities(legalId: string): Promise<FacilityReportRecord> {
    return this.facilities(COMPANY_FACILITIES, legalId);
  }

  getPersonBouncedCheques(nationalId: string): Promise<BouncedChequeReportRecord> {
    return this.bouncedCheques('creditBackChequesGet', nationalId);
  }

  /** As getPersonBouncedCheques, under the person's SMS consent (scope `credit:sms-back-cheques:get`). */
  getPersonBouncedChequesConfirmedBySms(nationalId: string): Promise<BouncedChequeReportRecord> {
    return this.bouncedCheques('creditSmsBackChequesGet', nationalId);
  }

  getCompanyBouncedCheques(legalId: string): Promise<BouncedChequeReportRecord> {
    return this.bouncedCheques(COMPANY_CHEQUES, legalId);
  }

  /** Loans the person guaranteed, under their SMS consent (scope `credit:sms-guaranty-inquiry:get`). */
  async getGuaranteedLoans(nationalId: string): Promise<GuarantyReportRecord> {
    const operationId = 'creditSmsGuarantyInquiryGet';
    const answer = await this.upstream.read(operationId, { path: { user: nationalId } });
    const read = new RecordReader(operationId, answer);
    const r = read.object(answer.result);
    const first = read.text(r.guarantyFirstName);
    const last = read.text(r.guarantyLastName);
    return {
      guarantorName: [first, last].filter(Boolean).join(' ') || null,
      inquiryId: read.text(r.inquiryResultId),
      loans: read.list(r.debtorList, 'debtor list').map((item) => {
        const d = read.object(item, 'guaranteed loan');
        return {
          debtorFirstName: read.text(d.debtorFirstName),
          debtorLastName: read.text(d.debtorLastName),
          bank: bankRef(read, d.bankCode),
          branchCode: read.text(d.branchCode),
          branchName: read.text(d.branchDescription),
          requestNumber: read.text(d.requestNumber),
          requestType: read.text(d.requestType),
          guaranteePercent: decimal(read, d.guarantyPercent),
          originalAmount: read.rial(d.orginalAmount ?? d.originalAmount, 'original amount'),
          benefitAmount: read.rial(d.benefitAmount, 'benefit amount'),
          debtAmount: read.rial(d.totalAmount, 'debt amount'),
          pastDueAmount: read.rial(d.pastExpiredAmount, 'past-due amount'),
          deferredAmount: read.rial(d.deferredAmount, 'deferred amount'),
          doubtfulAmount: read.rial(d.suspiciousAmount, 'doubtful amount'),
          latePenaltyAmount: read.rial(d.latePenaltyAmount, 'late penalty'),
          setDate: read.text(d.setDate),
          endDate: read.text(d.endDate),
        };
      }),
    };
  }

  /** The Sayad cheque colour of a national id or legal id. */
  async getChequeStanding(idCode: string): Promise<ChequeStandingRecord> {
    const operationId = 'creditChequeColorInquiryGet';
    const answer = await this.upstream.read(operationId, { query: { idCode } });
    const read = new RecordReader(operationId, answer);
    // Sent as "1"–"5"; some answers carry it as a number or zero-padded.
    const code = read.text(read.object(answer.result).chequeColor)?.replace(/^0+(?=\d)/, '') ?? null;
    return { code, colour: code === null ? null : (CHEQUE_COLOUR[code] ?? null) };
  }

  /** The cards MACNA has recorded for a person, and how many more they may be issued. */
  async getCardIssuance(nationalId: string): Promise<CardIssuanceRecord> {
    const operationId = 'creditMacnaInquiryGet';
    const answer = await this.upstream.read(operationId, { query: { nationalCode: nationalId } });
    const read = new RecordReader(operationId, answer);
    // `result` is an array of one entry per person asked about; an object is read as that one entry.
    const entries = Array.isArray(answer.result) ? answer.result : [read.object(answer.result)];
    const objects = entries.map((entry) => read.object(entry, 'MACNA entry'));
    const entry = objects.find((o) => read.text(o.nationalCode) === nationalId) ?? objects[0];
    if (!entry) return { remainingNationwide: null, remainingAtBank: null, cards: [] };
    const remain =
      entry.remain === undefined || entry.remain === null ? {} : read.object(entry.remain, 'remaining allowance');
    return {
      remainingNationwide: read.count(remain.iran, 'remaining allowance'),
      remainingAtBank: read.count(remain.bank, 'remaining allowance'),
      cards: read.list(entry.history, 'card history').map((item) => {
        const h = read.object(item, 'card history entry');
        return {
          maskedPan: read.text(h.pan),
          bank: bankRef(read, h.bankCode),
          issueDate: gregorianDate(read.text(h.issueDate)),
          cardType: read.count(h.cardType, 'card type'),
          stateCode: read.count(h.stateCode, 'state code'),
          state: read.text(h.stateDescription),
          messageCode: read.count(h.messageCode, 'message code'),
          message: read.text(h.messageDescription),
          registryCode: read.text(h.macnaCode),
        };
      }),
    };
  }

  /** A bank guarantee of Ayandeh; null when the bank has none with this id. */
  async getBankGuarantee(guaranteeId: string): Promise<BankGuaranteeRecord | null> {
    const operationId = 'creditGuaranteeDetailsGet';
    const answer = await nullIfNotFound(this.upstream.read(operationId, { query: { guaranteeId } }));
    if (!answer) return null;
    const read = new RecordReader(operationId, answer);
    const r = read.object(answer.result);
    // The bank answers an unknown id with blanks (" ") in place of the record.
    if (read.text(r.guaranteeId) === null) return null;
    return {
      guaranteeId: read.text(r.guaranteeId) ?? guaranteeId,
      sepamId: read.text(r.sepamId),
      branchCode: read.text(r.branchCode),
      centralBankTypeCode: read.text(r.centralBankTypeCode),
      kindCode: read.text(r.guaranteeSubTypeCode),
      kind: read.text(r.guaranteeSubTypeDesc),
      customerNumber: read.text(r.cif),
      amount: read.rial(r.debtAmount, 'guarantee amount'),
      previousDebtAmount: read.rial(r.companyPreDebtAmount, 'previous debt'),
      issueCharge: read.rial(r.issueChargeAmount, 'issue charge'),
      lastRenewalCharge: read.rial(r.lastRenewChargeAmount, 'renewal charge'),
      totalCharge: read.rial(r.totalCharge, 'total charge'),
      issueDate: read.text(r.issueDate),
      maturityDate: read.text(r.maturityDate),
      renewalDate: read.text(r.renewDate),
      statusCode: read.text(r.guaranteeStatusCode),
      status: read.text(r.guaranteeStatusDescription),
      economicSector: read.text(r.economicDesc),
      economicSubsector: read.text(r.economicSubsectionDesc),
    };
  }

  /**
   * The collaterals of a bank guarantee; null when the bank has no guarantee with this id. The
   * payload is read under `result`, or as the list itself when `result` is the array.
   */
  async listGuaranteeCollaterals(guaranteeId: string): Promise<GuaranteeCollateralRecord[] | null> {
    const operationId = 'creditGuaranteeCollateralsGet';
    const answer = await nullIfNotFound(this.upstream.read(operationId, { query: { guaranteeId } }));
    if (!answer) return null;
    const read = new RecordReader(operationId, answer);
    const list = Array.isArray(answer.result) ? answer.result : read.object(answer.result).collaterals;
    return read.list(list, 'collaterals').map((item) => {
      const c = read.object(item, 'collateral');
      return {
        collateralId: read.text(c.collateralId),
        typeCode: read.text(c.collateralTypeCode),
        centralBankTypeCode: read.text(c.centralBankCollateralTypeCode),
        type: read.text(c.collateralTypeDescription),
        evaluatedAmount: read.rial(c.evaluatedAmount, 'evaluated amount'),
        debtAmount: read.rial(c.debtAmount, 'collateral debt'),
        interestRate: decimal(read, c.interestRate),
        receiveDate: read.text(c.receiveDate),
        issueDate: read.text(c.issueDate),
        assignDate: read.text(c.assignDate),
      };
    });
  }

  private async facilities(operationId: OperationId, user: string): Promise<FacilityReportRecord> {
    const answer = await this.upstream.read(operationId, { path: { user } });
    const read = new RecordReader(operationId, answer);
    const r = read.object(answer.result);
    if (isNoData(r)) {
      return {
        name: null,
        totalAmount: '0',
        debtAmount: '0',
        pastDueAmount: '0',
        deferredAmount: '0',
        doubtfulAmount: '0',
        dishonoured: false,
        facilities: [],
      };
    }
    return {
      name: read.text(r.name),
      totalAmount: read.rial(r.facilityTotalAmount, 'total amount'),
      debtAmount: read.rial(r.facilityDebtTotalAmount, 'debt total'),
      pastDueAmount: read.rial(r.facilityPastExpiredTotalAmount, 'past-due total'),
      deferredAmount: read.rial(r.facilityDeferredTotalAmount, 'deferred total'),
      doubtfulAmount: read.rial(r.facilitySuspiciousTotalAmount, 'doubtful total'),
      dishonoured: dishonoured(read, r.dishonored),
      facilities: read
        .list(r.facilityList, 'facility list')
        .map((item) => readFacility(read, read.object(item, 'facility'))),
    };
  }

  private async bouncedCheques(operationId: OperationId, user: string): Promise<BouncedChequeReportRecord> {
    const answer = await this.upstream.read(operationId, { path: { user } });
    const read = new RecordReader(operationId, answer);
    const r = read.object(answer.result);
    if (isNoData(r)) return { name: null, cheques: [] };
    return {
      name: read.text(r.name),
      cheques: read.list(r.chequeList, 'cheque list').map((item): BouncedChequeRecord => {
        const c = read.object(item, 'bounced cheque');
        return {
          bank: bankRef(read, c.bankCode),
          branchCode: read.text(c.branchCode),
          branchName: read.text(c.branchDescription),
          accountNumber: read.text(c.accountNumber),
          amount: read.rial(c.amount, 'cheque amount'),
          issueDate: read.text(c.date),
          bounceDate: read.text(c.backDate),
          number: read.text(c.number),
          chequeId: read.text(c.id),
        };
      }),
    };
  }
}

/**
 * A facility item carries a lower-camel block and a PascalCase block with mostly the same facts;
 * each field is read from whichever block has it.
 */
function readFacility(read: RecordReader, f: JsonObject): FacilityRecord {
  const text = (camel: string, pascal: string) => read.text(f[camel]) ?? read.text(f[pascal]);
  const rial = (camel: string | null, pascal: string, what: string) =>
    (camel === null ? null : read.rial(f[camel], what)) ?? read.rial(f[pascal], what);
  const contractTypeCode = text('type', 'FacilityType');
  return {
    bank: bankRef(read, f.bankCode) ?? bankRef(read, f.FacilityBankCode),
    branchCode: text('branchCode', 'FacilityBranchCode'),
    branchName: text('branchDescription', 'FacilityBranch'),
    requestNumber: read.text(f.FacilityRequestNo),
    requestType: read.text(f.FacilityRequestType),
    contractTypeCode,
    contractType: contractTypeCode === null ? null : (FACILITY_CONTRACT_TYPE[contractTypeCode] ?? 'OTHER'),
    status: read.text(f.FacilityStatus),
    currency: read.text(f.FacilityCurrencyCode),
    originalAmount: rial('amountOrginal', 'FacilityAmountOrginal', 'original amount'),
    benefitAmount: rial('benefitAmount', 'FacilityBenefitAmount', 'benefit amount'),
    debtAmount: rial('debtorTotalAmount', 'FacilityDebtorTotalAmount', 'debt amount'),
    pastDueAmount: rial('pastExpiredAmount', 'FacilityPastExpiredAmount', 'past-due amount'),
    deferredAmount: rial('deferredAmount', 'FacilityDeferredAmount', 'deferred amount'),
    doubtfulAmount: rial('suspiciousAmount', 'FacilitySuspiciousAmount', 'doubtful amount'),
    obligationAmount: rial(null, 'FacilityAmountObligation', 'obligation amount'),
    setDate: read.text(f.FacilitySetDate),
    endDate: read.text(f.FacilityEndDate),
  };
}

/** Bank codes arrive as `"062"`, `"62"` or `62`. */
function bankRef(read: RecordReader, value: unknown): BankRef | null {
  const code = read.text(value);
  return code !== null && /^\d{1,3}$/.test(code) ? { code: code.padStart(3, '0') } : null;
}

/** Blank, `0`, `false` or `N` is not a bad debtor; any other mark is; an absent field says nothing. */
function dishonoured(read: RecordReader, value: unknown): boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value;
  const text = read.text(value)?.toLowerCase() ?? '';
  return !(text === '' || text === '0' || text === 'false' || text === 'n' || text === 'no');
}

/** A decimal such as a percentage, from a number or its text; null when absent or not a number. */
function decimal(read: RecordReader, value: unknown): number | null {
  const text = read.text(value);
  if (text === null) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** `YYYY-MM-DD`, or null for anything else. */
function gregorianDate(value: string | null): string | null {
  const match = value === null ? null : /^(\d{4})[-/](\d{2})[-/](\d{2})/.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}
