/** The credit group's answers (`/credit`), as the upstream writes them. */
import { z } from 'zod';
import { aliased, count, list, optionalRecord, record, rial, text, textOf, word } from '../shared/shapes.js';
import {
  CREDIT_RISK_GRADES,
  FACILITY_CONTRACT_TYPE,
  type BankRef,
  type BouncedChequeRecord,
  type BouncedChequeReportRecord,
  type CreditRiskGrade,
  type FacilityRecord,
  type FacilityReportRecord,
} from '../types/credit.js';

/** A bank code sent as `"062"`, `"62"` or `62`; null for anything else. */
export const bankRef = text.transform((code): BankRef | null =>
  code !== null && /^\d{1,3}$/.test(code) ? { code: code.padStart(3, '0') } : null,
);

/** A decimal such as a percentage, from a number or its text; null when absent or not a number (a `%` sign included, unlike `decimal`). */
export const plainDecimal = text.transform((value) => {
  if (value === null) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
});

/** The bad-debtor mark: blank, `0`, `false` or `N` is not one; any other mark is; an absent field says nothing. */
export const dishonoured = z
  .unknown()
  .optional()
  .transform((value): boolean | null => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'boolean') return value;
    const mark = textOf(value)?.toLowerCase() ?? '';
    return !(mark === '' || mark === '0' || mark === 'false' || mark === 'n' || mark === 'no');
  });

/** The Sayad cheque colour code, `"1"`–`"5"`; some answers carry it as a number or zero-padded. */
export const chequeColourCode = text.transform((code) => (code === null ? null : code.replace(/^0+(?=\d)/, '')));

/** A Gregorian date as `YYYY-MM-DD` (also with `/`, time aside); null for anything else. */
export const gregorianDate = text.transform((value) => {
  const match = value === null ? null : /^(\d{4})[-/](\d{2})[-/](\d{2})/.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
});

/**
 * A facility item. It may carry two blocks: a lower-camel one and a PascalCase one (`Facility…`) with
 * mostly the same facts, and the PascalCase block alone has the request number, status, dates and group.
 * The documentation's own sample shows two blocks that disagree (another branch, other amounts, a request
 * number of the PascalCase block's branch): they are then two facilities (`facilitiesOfItem`).
 * `amountOrginal` is the upstream's spelling.
 */
export const FacilityItem = record({
  bankCode: bankRef,
  branchCode: text,
  branchDescription: text,
  type: text,
  amountOrginal: rial,
  benefitAmount: rial,
  debtorTotalAmount: rial,
  pastExpiredAmount: rial,
  deferredAmount: rial,
  suspiciousAmount: rial,
  FacilityBankCode: bankRef,
  FacilityBranchCode: text,
  FacilityBranch: text,
  FacilityType: text,
  FacilityAmountOrginal: rial,
  FacilityBenefitAmount: rial,
  FacilityDebtorTotalAmount: rial,
  FacilityPastExpiredAmount: rial,
  FacilityDeferredAmount: rial,
  FacilitySuspiciousAmount: rial,
  FacilityRequestNo: text,
  FacilityRequestType: text,
  FacilityStatus: text,
  FacilityCurrencyCode: text,
  FacilityAmountObligation: rial,
  FacilitySetDate: text,
  FacilityEndDate: text,
  FacilityGroup: text,
  FacilityMoratoriumDate: text,
});

/** `creditSmsFacilityInquiryGet` and the company facility inquiry; `dishonored` is the upstream's spelling. */
export const FacilitiesAnswer = record({
  name: text,
  facilityTotalAmount: rial,
  facilityDebtTotalAmount: rial,
  facilityPastExpiredTotalAmount: rial,
  facilityDeferredTotalAmount: rial,
  facilitySuspiciousTotalAmount: rial,
  dishonored: dishonoured,
  facilityList: list(FacilityItem),
});

/** `creditBackChequesGet`, `creditSmsBackChequesGet` and the company bounced-cheque inquiry. */
export const BouncedChequesAnswer = record({
  name: text,
  chequeList: list(
    record({
      bankCode: bankRef,
      branchCode: text,
      branchDescription: text,
      accountNumber: text,
      amount: rial,
      date: text,
      backDate: text,
      number: text,
      id: text,
    }),
  ),
});

/**
 * `creditSmsGuarantyInquiryGet`. A guaranteed loan's original amount is `orginalAmount` (the upstream's
 * spelling) or, when that is absent or null, `originalAmount`.
 */
export const GuarantyAnswer = record({
  guarantyFirstName: text,
  guarantyLastName: text,
  inquiryResultId: text,
  debtorList: list(
    aliased(
      { orginalAmount: 'originalAmount' },
      record({
        debtorFirstName: text,
        debtorLastName: text,
        bankCode: bankRef,
        branchCode: text,
        branchDescription: text,
        requestNumber: text,
        requestType: text,
        guarantyPercent: plainDecimal,
        orginalAmount: rial,
        benefitAmount: rial,
        totalAmount: rial,
        pastExpiredAmount: rial,
        deferredAmount: rial,
        suspiciousAmount: rial,
        latePenaltyAmount: rial,
        obligationAmount: rial,
        defunctAmount: rial,
        commitmentBalanceAmount: rial,
        setDate: text,
        endDate: text,
      }),
    ),
  ),
});

/** `creditChequeColorInquiryGet`. */
export const ChequeColourAnswer = record({ chequeColor: chequeColourCode });

/** One person's entry in the MACNA card registry; `remain` may be absent. */
export const MacnaEntry = record({
  trace: count,
  firstName: text,
  lastName: text,
  nationalCode: text,
  remain: optionalRecord({ iran: count, bank: count }),
  history: list(
    record({
      pan: text,
      bankCode: bankRef,
      issueDate: gregorianDate,
      updated: gregorianDate,
      cardType: count,
      stateCode: count,
      stateDescription: text,
      messageCode: count,
      messageDescription: text,
      macnaCode: text,
    }),
  ),
});

/**
 * `creditMacnaInquiryGet`: an array of one entry per person asked about (we ask about one); an object is read
 * as that one entry. Every entry is read in full.
 */
export const CardIssuanceAnswer = z.preprocess(
  (result): unknown[] => (Array.isArray(result) ? result : [result]),
  z.array(MacnaEntry),
);

/**
 * `creditGuaranteeDetailsGet`. The bank answers an unknown id with blanks (`" "`) in place of the record, so its
 * `guaranteeId` is read first, alone.
 */
export const BankGuaranteeAnswer = record({
  guaranteeId: text,
  sepamId: text,
  branchCode: text,
  centralBankTypeCode: text,
  guaranteeSubTypeCode: text,
  guaranteeSubTypeDesc: text,
  cif: text,
  debtAmount: rial,
  companyPreDebtAmount: rial,
  issueChargeAmount: rial,
  lastRenewChargeAmount: rial,
  totalCharge: rial,
  issueDate: text,
  maturityDate: text,
  renewDate: text,
  guaranteeStatusCode: text,
  guaranteeStatusDescription: text,
  economicDesc: text,
  economicSubsectionDesc: text,
});

/** `creditGuaranteeCollateralsGet`: the list under `collaterals`, or the list itself as the result. */
export const GuaranteeCollateralsAnswer = z.preprocess(
  (result) => (Array.isArray(result) ? { collaterals: result } : result),
  record({
    collaterals: list(
      record({
        collateralId: text,
        collateralTypeCode: text,
        centralBankCollateralTypeCode: text,
        collateralTypeDescription: text,
        evaluatedAmount: rial,
        debtAmount: rial,
        interestRate: plainDecimal,
        receiveDate: text,
        issueDate: text,
        assignDate: text,
      }),
    ),
  }),
);

/** A facility report as read from `FacilitiesAnswer` (or the same members of a credit report). */
export function facilityReportOf(r: z.output<typeof FacilitiesAnswer>): FacilityReportRecord {
  return {
    name: r.name,
    totalAmount: r.facilityTotalAmount,
    debtAmount: r.facilityDebtTotalAmount,
    pastDueAmount: r.facilityPastExpiredTotalAmount,
    deferredAmount: r.facilityDeferredTotalAmount,
    doubtfulAmount: r.facilitySuspiciousTotalAmount,
    dishonoured: r.dishonored,
    facilities: r.facilityList.flatMap(facilitiesOfItem),
  };
}

/** The facts both blocks of a facility item carry, as one block has them. */
type SharedFacts = Pick<
  FacilityRecord,
  | 'bank'
  | 'branchCode'
  | 'branchName'
  | 'contractTypeCode'
  | 'originalAmount'
  | 'benefitAmount'
  | 'debtAmount'
  | 'pastDueAmount'
  | 'deferredAmount'
  | 'doubtfulAmount'
>;
/** The facts only the PascalCase block carries. */
type OwnFacts = Omit<FacilityRecord, keyof SharedFacts | 'contractType'>;

const NO_OWN_FACTS: OwnFacts = {
  requestNumber: null,
  requestType: null,
  status: null,
  currency: null,
  obligationAmount: null,
  setDate: null,
  endDate: null,
  group: null,
  moratoriumDate: null,
};

const sameFact = (a: unknown, b: unknown): boolean =>
  a !== null && typeof a === 'object' && b !== null && typeof b === 'object'
    ? (a as BankRef).code === (b as BankRef).code
    : a === b;

/**
 * The facilities of one item: one when a block is empty or both agree on every fact both have (the
 * lower-camel block's facts first), two when they disagree, each with its own block's facts only, the
 * PascalCase facility with the facts only it carries.
 */
export function facilitiesOfItem(f: z.output<typeof FacilityItem>): FacilityRecord[] {
  const lower: SharedFacts = {
    bank: f.bankCode,
    branchCode: f.branchCode,
    branchName: f.branchDescription,
    contractTypeCode: f.type,
    originalAmount: f.amountOrginal,
    benefitAmount: f.benefitAmount,
    debtAmount: f.debtorTotalAmount,
    pastDueAmount: f.pastExpiredAmount,
    deferredAmount: f.deferredAmount,
    doubtfulAmount: f.suspiciousAmount,
  };
  const pascal: SharedFacts = {
    bank: f.FacilityBankCode,
    branchCode: f.FacilityBranchCode,
    branchName: f.FacilityBranch,
    contractTypeCode: f.FacilityType,
    originalAmount: f.FacilityAmountOrginal,
    benefitAmount: f.FacilityBenefitAmount,
    debtAmount: f.FacilityDebtorTotalAmount,
    pastDueAmount: f.FacilityPastExpiredAmount,
    deferredAmount: f.FacilityDeferredAmount,
    doubtfulAmount: f.FacilitySuspiciousAmount,
  };
  const own: OwnFacts = {
    requestNumber: f.FacilityRequestNo,
    requestType: f.FacilityRequestType,
    status: f.FacilityStatus,
    currency: f.FacilityCurrencyCode,
    obligationAmount: f.FacilityAmountObligation,
    setDate: f.FacilitySetDate,
    endDate: f.FacilityEndDate,
    group: f.FacilityGroup,
    moratoriumDate: f.FacilityMoratoriumDate,
  };
  const facility = (shared: SharedFacts, rest: OwnFacts): FacilityRecord => ({
    ...shared,
    ...rest,
    contractType:
      shared.contractTypeCode === null ? null : (FACILITY_CONTRACT_TYPE[shared.contractTypeCode] ?? 'OTHER'),
  });
  const facts = (block: SharedFacts) => Object.entries(block).filter(([, value]) => value !== null);
  const lowerFacts = facts(lower);
  if (lowerFacts.length === 0) return [facility(pascal, own)];
  const agree = lowerFacts.every(([key, value]) => {
    const twin = pascal[key as keyof SharedFacts];
    return twin === null || sameFact(value, twin);
  });
  if (agree) {
    const merged = Object.fromEntries(
      Object.entries(lower).map(([key, value]) => [key, value ?? pascal[key as keyof SharedFacts]]),
    ) as SharedFacts;
    return [facility(merged, own)];
  }
  return [facility(lower, NO_OWN_FACTS), facility(pascal, own)];
}

/** A bounced-cheque report as read from `BouncedChequesAnswer` (or the same members of a credit report). */
export function bouncedChequeReportOf(r: z.output<typeof BouncedChequesAnswer>): BouncedChequeReportRecord {
  return {
    name: r.name,
    cheques: r.chequeList.map((c): BouncedChequeRecord => ({
      bank: c.bankCode,
      branchCode: c.branchCode,
      branchName: c.branchDescription,
      accountNumber: c.accountNumber,
      amount: c.amount,
      issueDate: c.date,
      bounceDate: c.backDate,
      number: c.number,
      chequeId: c.id,
    })),
  };
}

/** Standard base64 (no `data:` prefix, whitespace ignored); null when absent or blank; malformed otherwise. */
export const base64 = text.transform((value, context) => {
  if (value === null) return null;
  const compact = value.replace(/\s+/g, '');
  if (compact.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return compact;
  context.addIssue({ code: 'custom', message: 'not base64' });
  return z.NEVER;
});

/** The bytes standard base64 stands for. */
export const base64Size = (encoded: string): number =>
  (encoded.length / 4) * 3 - (encoded.endsWith('==') ? 2 : encoded.endsWith('=') ? 1 : 0);

/**
 * The assessment submissions (`assessmentSubmit/json`, `assessmentSubmit/pdf`, `ccAssessmentSubmit/json`):
 * the `assessmentId` to ask for the report by (required).
 */
export const AssessmentSubmitAnswer = record({ assessmentId: text });

const riskGrade = word<CreditRiskGrade>(
  Object.fromEntries(CREDIT_RISK_GRADES.map((grade) => [grade, grade])),
  (grade) => grade.toUpperCase(),
);

/** A report as typed fields: the facility inquiry's members and the bounced-cheque list, with the score. */
export const AssessmentReport = record({
  ...FacilitiesAnswer.shape,
  chequeList: BouncedChequesAnswer.shape.chequeList,
  nationalCode: text,
  score: count,
  riskGrade,
});

/** A report as a file: base64 under `file` (required), its content type and file name. */
export const AssessmentDocument = record({ nationalCode: text, fileName: text, contentType: text, file: base64 });

/**
 * The assessment inquiries (`assessmentInquiry`, `ccAssessmentInquiry`) of a report of `data`'s shape:
 * `PENDING`, `SUCCESS` with the report under `data`, or `FAILED` with an optional `error` block (a falsy one
 * counts as absent), as the asynchronous bill inquiry answers; any other status is unreadable.
 */
function assessmentInquiry<D extends z.ZodType>(data: D) {
  return z.discriminatedUnion('status', [
    record({ status: z.literal('PENDING') }),
    record({ status: z.literal('SUCCESS'), data }),
    record({
      status: z.literal('FAILED'),
      error: z.preprocess((error) => error || null, optionalRecord({ code: text, message: text })),
    }),
  ]);
}

/** An assessment inquiry of a JSON report. */
export const AssessmentReportAnswer = assessmentInquiry(AssessmentReport);
/** An assessment inquiry of a PDF report. */
export const AssessmentDocumentAnswer = assessmentInquiry(AssessmentDocument);
