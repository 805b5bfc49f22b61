/**
 * The facility and credit inquiry operations (wire facts §4.7), answered from the fictional world:
 * facilities, bounced cheques and the cheque colour they give, guaranteed loans, Ayandeh bank
 * guarantees and the MACNA card registry. "No data" is a success with `result: { result: 110 | 120,
 * …, message }`, as the upstream answers it.
 */
import { fullNameOf, personOf } from '../world/persons.js';
import { companyOf } from '../world/companies.js';
import { bouncedChequesOf, chequeColourOf, type WorldBouncedCheque } from '../world/creditCheques.js';
import { facilitiesOf, facilityTotals, FACILITY_STATUS_TEXT, type WorldFacility } from '../world/creditFacilities.js';
import { guaranteeOf, isGuaranteeIdFormat, type WorldGuarantee } from '../world/bankGuarantees.js';
import { guarantiesOf } from '../world/guaranteedLoans.js';
import { cardAllowanceOf, macnaCardsOf } from '../world/creditMacna.js';
import { trackingCodeOf } from '../world/records.js';
import { isValidLegalId, isValidNationalId } from '../validation.js';
import { answering, guarded, personParam, reject, required } from './inputs.js';
import { done, fail, type OperationHandler, type OperationHandlers } from './types.js';

/** The person (10 digits) or company (11 digits) an id names, with the name the bureau reports. */
interface Subject {
  readonly id: string;
  readonly legal: boolean;
  readonly name: string;
}

function subjectParam(value: string | undefined, name: string): Subject {
  const id = required(value, name);
  if (isValidNationalId(id)) return { id, legal: false, name: fullNameOf(personOf(id)) };
  if (isValidLegalId(id)) return { id, legal: true, name: companyOf(id).title };
  return reject(`invalid ${name}`);
}

/** Bank codes go out as the bureau writes them, without leading zeros (`62` for Ayandeh). */
const bureauBankCode = (code: string): string => String(Number(code));

export function facilityItem(f: WorldFacility): Record<string, unknown> {
  const bankCode = bureauBankCode(f.bank.code);
  return {
    bankCode,
    branchCode: f.branchCode,
    branchDescription: f.branchDescription,
    pastExpiredAmount: f.pastDue,
    deferredAmount: f.deferred,
    suspiciousAmount: f.doubtful,
    debtorTotalAmount: f.debt,
    type: f.type,
    amountOrginal: f.original,
    benefitAmount: f.benefit,
    FacilityBankCode: bankCode,
    FacilityBranchCode: f.branchCode,
    FacilityBranch: f.branchDescription,
    FacilityRequestNo: f.requestNo,
    FacilityRequestType: f.requestType,
    FacilityCurrencyCode: 'IRR',
    FacilityPastExpiredAmount: f.pastDue,
    FacilityDeferredAmount: f.deferred,
    FacilitySuspiciousAmount: f.doubtful,
    FacilityDebtorTotalAmount: f.debt,
    FacilityType: f.type,
    FacilityStatus: FACILITY_STATUS_TEXT[f.standing],
    FacilityAmountOrginal: f.original,
    FacilityBenefitAmount: f.benefit,
    FacilitySetDate: f.setDate,
    FacilityEndDate: f.endDate,
    FacilityAmountObligation: f.obligation,
    FacilityGroup: f.group,
    FacilityMoratoriumDate: f.moratoriumDate ?? '',
  };
}

const facilityInquiry: OperationHandler = answering(({ params }) => {
  const subject = subjectParam(params['user'], 'user');
  const facilities = facilitiesOf(subject.id);
  if (facilities.length === 0) return { result: 120, user: subject.id, message: 'تسهیلاتی برای این شناسه یافت نشد' };
  const totals = facilityTotals(facilities);
  return {
    user: subject.id,
    legalId: subject.legal ? subject.id : null,
    name: subject.name,
    facilityTotalAmount: totals.total,
    facilityDebtTotalAmount: totals.debt,
    facilityPastExpiredTotalAmount: totals.pastDue,
    facilityDeferredTotalAmount: totals.deferred,
    facilitySuspiciousTotalAmount: totals.doubtful,
    dishonored: totals.dishonoured ? '1' : '',
    facilityList: facilities.map(facilityItem),
  };
});

/** Amounts as numbers, as the newer samples send them (wire facts §4.7). */
export const chequeItem = (c: WorldBouncedCheque) => ({
  accountNumber: c.accountNumber,
  amount: Number(c.amount),
  backDate: c.backDate,
  bankCode: c.bankCode,
  branchCode: c.branchCode,
  branchDescription: c.branchDescription,
  date: c.date,
  id: c.id,
  number: c.number,
});

const NO_CHEQUES = 'چک برگشتی برای این شناسه یافت نشد';

const backCheques: OperationHandler = answering(({ params }) => {
  const subject = subjectParam(params['user'], 'user');
  const cheques = bouncedChequesOf(subject.id);
  if (cheques.length === 0) return { result: 110, nid: subject.id, message: NO_CHEQUES };
  return {
    nid: subject.id,
    legalId: subject.legal ? subject.id : null,
    name: subject.name,
    chequeList: cheques.map(chequeItem),
  };
});

/** Designed (see the catalog notes): legal ids only; `nid` is null, the company is `legalId`. */
const backChequesLegal: OperationHandler = answering(({ params }) => {
  const legalId = required(params['user'], 'user');
  if (!isValidLegalId(legalId)) reject('invalid user');
  const cheques = bouncedChequesOf(legalId);
  if (cheques.length === 0) return { result: 110, user: legalId, message: NO_CHEQUES };
  return { nid: null, legalId, name: companyOf(legalId).title, chequeList: cheques.map(chequeItem) };
});

const guarantyInquiry: OperationHandler = answering(({ params }) => {
  const guarantor = personParam(params['user'], 'user');
  const guaranties = guarantiesOf(guarantor.nationalId);
  if (guaranties.length === 0)
    return { guarantyNationalCode: guarantor.nationalId, result: 110, message: 'ضمانتی برای این شخص یافت نشد' };
  return {
    guarantyFirstName: guarantor.firstName,
    guarantyLastName: guarantor.lastName,
    guarantyNationalCode: guarantor.nationalId,
    guarantyLegalId: null,
    inquiryResultId: trackingCodeOf('guaranty', guarantor.nationalId),
    debtorList: guaranties.map(({ debtor, facility: f, percent }) => ({
      debtorFirstName: debtor.firstName,
      debtorLastName: debtor.lastName,
      totalAmount: f.debt,
      benefitAmount: f.benefit,
      obligationAmount: f.obligation,
      suspiciousAmount: f.doubtful,
      deferredAmount: f.deferred,
      orginalAmount: f.original,
      pastExpiredAmount: f.pastDue,
      bankCode: bureauBankCode(f.bank.code),
      setDate: f.setDate,
      endDate: f.endDate,
      guarantyPercent: String(percent),
      requestNumber: f.requestNo,
      requestType: f.requestType,
      branchCode: f.branchCode,
      branchDescription: f.branchDescription,
      guarantyIdNumber: guarantor.nationalId,
      guarantyLegalId: null,
      defunctAmount: null,
      commitmentBalanceAmount: '0',
      latePenaltyAmount: String(Math.round((Number(f.pastDue) + Number(f.deferred)) * 0.06)),
    })),
  };
});

/** The guarantee of the `guaranteeId` query parameter, 404 when the bank has none with that id. */
function withGuarantee(answer: (guarantee: WorldGuarantee) => unknown): OperationHandler {
  return guarded(({ query }) => {
    const guaranteeId = required(query['guaranteeId'], 'guaranteeId');
    if (!isGuaranteeIdFormat(guaranteeId)) reject('invalid guaranteeId');
    const guarantee = guaranteeOf(guaranteeId);
    if (!guarantee) return fail({ status: 404, code: 'NOT_FOUND', message: 'ضمانت نامه ای با این شناسه یافت نشد' });
    return done(answer(guarantee));
  });
}

/** The bank's blanks are a single space. */
const blank = (value: string | null): string => value ?? ' ';

const guaranteeDetails = withGuarantee((g) => ({
  retCodeDescription: 'عملیات با موفقیت انجام شد',
  guaranteeId: g.guaranteeId,
  sepamId: g.sepamId,
  branchCode: g.branchCode,
  centralBankTypeCode: g.centralBankTypeCode,
  guaranteeSubTypeCode: g.subTypeCode,
  guaranteeSubTypeDesc: g.subTypeDescription,
  cif: g.cif,
  debtAmount: g.amount,
  issueDate: g.issueDate,
  maturityDate: g.maturityDate,
  renewDate: blank(g.renewDate),
  companyPreDebtAmount: g.previousDebtAmount,
  issueChargeAmount: g.issueCharge,
  lastRenewChargeAmount: g.lastRenewCharge,
  totalCharge: g.totalCharge,
  guaranteeStatusCode: g.statusCode,
  guaranteeStatusDescription: g.statusDescription,
  economicDesc: g.economicSector,
  economicSubsectionDesc: g.economicSubsector,
}));

const guaranteeCollaterals = withGuarantee((g) => ({
  retCodeDescription: 'عملیات با موفقیت انجام شد',
  guaranteeId: g.guaranteeId,
  collaterals: g.collaterals.map((c) => ({
    collateralId: c.collateralId,
    collateralTypeCode: c.typeCode,
    centralBankCollateralTypeCode: c.centralBankTypeCode,
    collateralTypeDescription: c.typeDescription,
    evaluatedAmount: c.evaluatedAmount,
    debtAmount: c.debtAmount,
    interestRate: c.interestRate,
    receiveDate: c.receiveDate,
    issueDate: c.issueDate,
    assignDate: c.assignDate,
  })),
  alertCode: '00000',
  messageOut: g.collaterals.length === 0 ? 'وثیقه ای ثبت نشده است' : ' ',
}));

const macnaInquiry: OperationHandler = answering(({ query }) => {
  const person = personParam(query['nationalCode'], 'nationalCode');
  const cards = macnaCardsOf(person.nationalId);
  return [
    {
      trace: Number(trackingCodeOf('macna', person.nationalId).slice(0, 9)),
      firstName: person.firstName,
      lastName: person.lastName,
      nationalCode: person.nationalId,
      remain: cardAllowanceOf(cards),
      history: cards.map((card) => ({
        macnaCode: card.macnaCode,
        issueDate: card.issueDate,
        updated: card.issueDate,
        cardType: 1,
        pan: card.pan,
        bankCode: Number(card.bank.code),
        bankName: card.bank.name,
        stateCode: 1,
        stateDescription: 'فعال',
        messageCode: 0,
        messageDescription: 'صدور کارت با موفقیت ثبت شد',
      })),
    },
  ];
});

const chequeColorInquiry: OperationHandler = answering(({ query }) => {
  const subject = subjectParam(query['idCode'], 'idCode');
  return { chequeColor: chequeColourOf(bouncedChequesOf(subject.id)) };
});

export const CREDIT_HANDLERS = {
  credit_v2_clients_clientId_users_user_facilityInquiry_get_inquiry_get: facilityInquiry,
  creditSmsFacilityInquiryGet: facilityInquiry,
  creditBackChequesGet: backCheques,
  creditSmsBackChequesGet: backCheques,
  credit_v2_clients_clientId_users_user_backChequesLegal_get_legal_get: backChequesLegal,
  creditSmsGuarantyInquiryGet: guarantyInquiry,
  creditGuaranteeDetailsGet: guaranteeDetails,
  creditGuaranteeCollateralsGet: guaranteeCollaterals,
  creditMacnaInquiryGet: macnaInquiry,
  creditChequeColorInquiryGet: chequeColorInquiry,
} as const satisfies OperationHandlers;
