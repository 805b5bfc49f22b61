import { ErrorCode, isUpstreamError, nullIfNotFound } from '../errors.js';
import { inquiryOf, submissionOf } from './flows/creditReport.js';
import {
  BankGuaranteeAnswer,
  BouncedChequesAnswer,
  CardIssuanceAnswer,
  ChequeColourAnswer,
  FacilitiesAnswer,
  GuaranteeCollateralsAnswer,
  GuarantyAnswer,
  bouncedChequeReportOf,
  facilityReportOf,
} from './records/credit.js';
import {
  codeRefusalOf,
  TransactionCreditCodeSentAnswer,
  TransactionCreditReportAnswer,
  transactionCreditVerdictOf,
  TransactionCreditVerifiedAnswer,
} from './records/transactionCredit.js';
import { decode, isNoData, malformedAnswer } from './shared/shapes.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import type { OperationId } from './upstream/operations.js';
import {
  CHEQUE_COLOUR,
  type BankGuaranteeRecord,
  type BouncedChequeReportRecord,
  type CardIssuanceRecord,
  type CreditReportOrder,
  type ChequeStandingRecord,
  type FacilityReportRecord,
  type GuaranteeCollateralRecord,
  type GuarantyReportRecord,
} from './types/credit.js';
import type { TransactionCreditCodeOutcome, TransactionCreditReportRecord } from './types/transactionCredit.js';

const COMPANY_FACILITIES = 'credit_v2_clients_clientId_users_user_facilityInquiry_get_inquiry_get';
const COMPANY_CHEQUES = 'credit_v2_clients_clientId_users_user_backChequesLegal_get_legal_get';

/**
 * Credit: facilities, bounced cheques, guarantees and cheque standing of
 * people and companies, and the MACNA card registry. The SMS-confirmed inquiries run under the
 * caller's consent, which must be the person's own.
 */
export class CreditAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  /**
   * Checks, sending nothing, that the caller's consent lets them ask for the person's credit report in
   * this format and fetch it: CONSENT_REQUIRED, FORBIDDEN or UNAUTHENTICATED otherwise.
   */
  async authorizeCreditReport(order: CreditReportOrder): Promise<void> {
    const submission = submissionOf(order);
    if (submission !== null) await this.upstream.authorize(submission, order.nationalId);
    await this.upstream.authorize(inquiryOf(order), order.nationalId);
  }

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
    const r = decode(operationId, answer, GuarantyAnswer);
    return {
      guarantorName: [r.guarantyFirstName, r.guarantyLastName].filter(Boolean).join(' ') || null,
      inquiryId: r.inquiryResultId,
      loans: r.debtorList.map((d) => ({
        debtorFirstName: d.debtorFirstName,
        debtorLastName: d.debtorLastName,
        bank: d.bankCode,
        branchCode: d.branchCode,
        branchName: d.branchDescription,
        requestNumber: d.requestNumber,
        requestType: d.requestType,
        guaranteePercent: d.guarantyPercent,
        originalAmount: d.orginalAmount,
        benefitAmount: d.benefitAmount,
        debtAmount: d.totalAmount,
        pastDueAmount: d.pastExpiredAmount,
        deferredAmount: d.deferredAmount,
        doubtfulAmount: d.suspiciousAmount,
        latePenaltyAmount: d.latePenaltyAmount,
        obligationAmount: d.obligationAmount,
        defunctAmount: d.defunctAmount,
        commitmentBalanceAmount: d.commitmentBalanceAmount,
        setDate: d.setDate,
        endDate: d.endDate,
      })),
    };
  }

  /** The Sayad cheque colour of a national id or legal id. */
  async getChequeStanding(idCode: string): Promise<ChequeStandingRecord> {
    const operationId = 'creditChequeColorInquiryGet';
    const answer = await this.upstream.read(operationId, { query: { idCode } });
    const code = decode(operationId, answer, ChequeColourAnswer).chequeColor;
    return { code, colour: code === null ? null : (CHEQUE_COLOUR[code] ?? null) };
  }

  /** The cards MACNA has recorded for a person, and how many more they may be issued. */
  async getCardIssuance(nationalId: string): Promise<CardIssuanceRecord> {
    const operationId = 'creditMacnaInquiryGet';
    const answer = await this.upstream.read(operationId, { query: { nationalCode: nationalId } });
    const entries = decode(operationId, answer, CardIssuanceAnswer);
    const entry = entries.find((e) => e.nationalCode === nationalId) ?? entries[0];
    if (!entry) {
      return {
        trace: null,
        firstName: null,
        lastName: null,
        remainingNationwide: null,
        remainingAtBank: null,
        cards: [],
      };
    }
    return {
      trace: entry.trace,
      firstName: entry.firstName,
      lastName: entry.lastName,
      remainingNationwide: entry.remain?.iran ?? null,
      remainingAtBank: entry.remain?.bank ?? null,
      cards: entry.history.map((h) => ({
        maskedPan: h.pan,
        bank: h.bankCode,
        issueDate: h.issueDate,
        updatedOn: h.updated,
        cardType: h.cardType,
        stateCode: h.stateCode,
        state: h.stateDescription,
        messageCode: h.messageCode,
        message: h.messageDescription,
        registryCode: h.macnaCode,
      })),
    };
  }

  /** A bank guarantee of Ayandeh; null when the bank has none with this id. */
  async getBankGuarantee(guaranteeId: string): Promise<BankGuaranteeRecord | null> {
    const operationId = 'creditGuaranteeDetailsGet';
    const answer = await nullIfNotFound(this.upstream.read(operationId, { query: { guaranteeId } }));
    if (!answer) return null;
    // The bank answers an unknown id with blanks (" ") in place of the record: nothing else in it is read.
    if (decode(operationId, answer, BankGuaranteeAnswer.pick({ guaranteeId: true })).guaranteeId === null) return null;
    const r = decode(operationId, answer, BankGuaranteeAnswer);
    return {
      guaranteeId: r.guaranteeId ?? guaranteeId,
      sepamId: r.sepamId,
      branchCode: r.branchCode,
      centralBankTypeCode: r.centralBankTypeCode,
      kindCode: r.guaranteeSubTypeCode,
      kind: r.guaranteeSubTypeDesc,
      customerNumber: r.cif,
      amount: r.debtAmount,
      previousDebtAmount: r.companyPreDebtAmount,
      issueCharge: r.issueChargeAmount,
      lastRenewalCharge: r.lastRenewChargeAmount,
      totalCharge: r.totalCharge,
      issueDate: r.issueDate,
      maturityDate: r.maturityDate,
      renewalDate: r.renewDate,
      statusCode: r.guaranteeStatusCode,
      status: r.guaranteeStatusDescription,
      economicSector: r.economicDesc,
      economicSubsector: r.economicSubsectionDesc,
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
    return decode(operationId, answer, GuaranteeCollateralsAnswer).collaterals.map((c) => ({
      collateralId: c.collateralId,
      typeCode: c.collateralTypeCode,
      centralBankTypeCode: c.centralBankCollateralTypeCode,
      type: c.collateralTypeDescription,
      evaluatedAmount: c.evaluatedAmount,
      debtAmount: c.debtAmount,
      interestRate: c.interestRate,
      receiveDate: c.receiveDate,
      issueDate: c.issueDate,
      assignDate: c.assignDate,
    }));
  }

  private async facilities(operationId: OperationId, user: string): Promise<FacilityReportRecord> {
    const answer = await this.upstream.read(operationId, { path: { user } });
    if (isNoData(answer.result)) {
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
    return facilityReportOf(decode(operationId, answer, FacilitiesAnswer));
  }

  private async bouncedCheques(operationId: OperationId, user: string): Promise<BouncedChequeReportRecord> {
    const answer = await this.upstream.read(operationId, { path: { user } });
    if (isNoData(answer.result)) return { name: null, cheques: [] };
    return bouncedChequeReportOf(decode(operationId, answer, BouncedChequesAnswer));
  }

  /**
   * Transaction credit inquiry, step 1: the upstream texts the person a code. Sent once, never retried;
   * answers the call's trackId.
   */
  async sendTransactionCreditCode(nationalId: string, mobile: string): Promise<string> {
    const operationId = 'kycTransactionCreditInquiryRequestGet';
    const answer = await this.upstream.send(operationId, { query: { nationalCode: nationalId, mobile } });
    decode(operationId, answer, TransactionCreditCodeSentAnswer);
    return answer.trackId;
  }

  /**
   * Step 2: the person's code with their national id. A refused code (wrong, expired, spent by too
   * many wrong ones, or none pending) is an outcome read from the upstream's 400 message, not an error.
   */
  async verifyTransactionCreditCode(nationalId: string, otp: string): Promise<TransactionCreditCodeOutcome> {
    const operationId = 'kycTransactionCreditInquiryVerifyPost';
    try {
      const answer = await this.upstream.send(operationId, { body: { otp, nationalCode: nationalId } });
      const { inquiryTrackId } = decode(operationId, answer, TransactionCreditVerifiedAnswer);
      if (inquiryTrackId === null) throw malformedAnswer(operationId, answer, 'result.inquiryTrackId');
      return { kind: 'verified', inquiryId: inquiryTrackId };
    } catch (error) {
      if (
        !isUpstreamError(error) ||
        error.details.code !== ErrorCode.UpstreamRejected ||
        error.details.httpStatus !== 400
      )
        throw error;
      return { kind: 'codeRejected', ...codeRefusalOf(error.details.upstreamMessage ?? '') };
    }
  }

  /** Step 3: the judiciary's verdict for a verified inquiry; null when the upstream has no such inquiry (404). */
  async getTransactionCreditReport(inquiryId: string): Promise<TransactionCreditReportRecord | null> {
    const operationId = 'kycTransactionCreditInquiryReportGet';
    const answer = await nullIfNotFound(this.upstream.read(operationId, { query: { inquiryTrackId: inquiryId } }));
    if (answer === null) return null;
    const { message } = decode(operationId, answer, TransactionCreditReportAnswer);
    return { inquiryId, verdict: transactionCreditVerdictOf(message), message };
  }
}
