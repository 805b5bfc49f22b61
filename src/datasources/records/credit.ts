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
 * `record(shape)` in which some members have a twin under another name (`twins`: member → twin), the two
 * sets forming two blocks of the same facts. One block is read whole: the members' block when any of its
 * members has a value (or an unreadable one), else the twins' block in the members' places. A value is
 * never taken from one block and its neighbour from the other, so blocks that disagree are never mixed.
 */
function withTwinBlock<S extends z.ZodRawShape>(shape: S, twins: { readonly [K in keyof S]?: string }) {
  const pairs = Object.entries(twins).flatMap(([member, twin]) => {
    const leaf = shape[member];
    return twin === undefined || leaf === undefined ? [] : [{ member, twin, leaf }];
  });
  return z.preprocess((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const members = new Map<string, unknown>(Object.entries(value));
    const ownBlockHasValue = pairs.some(({ member, leaf }) => z.safeParse(leaf, members.get(member)).data !== null);
    if (ownBlockHasValue) return value;
    for (const { member, twin } of pairs) members.set(member, members.get(twin));
    return Object.fromEntries(members);
  }, record(shape));
}

/**
 * A facility item: it carries a lower-camel block and a PascalCase block (`Facility…`) with mostly the same
 * facts; the facts both blocks carry are read from the lower-camel block when it has any of them, else all
 * from the PascalCase block (never some from each). `amountOrginal` is the upstream's spelling.
 */
export const FacilityItem = withTwinBlock(
  {
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
    FacilityRequestNo: text,
    FacilityRequestType: text,
    FacilityStatus: text,
    FacilityCurrencyCode: text,
    FacilityAmountObligation: rial,
    FacilitySetDate: text,
    FacilityEndDate: text,
    FacilityGroup: text,
    FacilityMoratoriumDate: text,
  },
  {
    bankCode: 'FacilityBankCode',
    branchCode: 'FacilityBranchCode',
    branchDescription: 'FacilityBranch',
    type: 'FacilityType',
    amountOrginal: 'FacilityAmountOrginal',
    benefitAmount: 'FacilityBenefitAmount',
    debtorTotalAmount: 'FacilityDebtorTotalAmount',
    pastExpiredAmount: 'FacilityPastExpiredAmount',
    deferredAmount: 'FacilityDeferredAmount',
    suspiciousAmount: 'FacilitySuspiciousAmount',
  },
);

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
    facilities: r.facilityList.map((f): FacilityRecord => ({
      bank: f.bankCode,
      branchCode: f.branchCode,
      branchName: f.branchDescription,
      requestNumber: f.FacilityRequestNo,
      requestType: f.FacilityRequestType,
      contractTypeCode: f.type,
      contractType: f.type === null ? null : (FACILITY_CONTRACT_TYPE[f.type] ?? 'OTHER'),
      status: f.FacilityStatus,
      currency: f.FacilityCurrencyCode,
      originalAmount: f.amountOrginal,
      benefitAmount: f.benefitAmount,
      debtAmount: f.debtorTotalAmount,
      pastDueAmount: f.pastExpiredAmount,
      deferredAmount: f.deferredAmount,
      doubtfulAmount: f.suspiciousAmount,
      obligationAmount: f.FacilityAmountObligation,
      setDate: f.FacilitySetDate,
      endDate: f.FacilityEndDate,
      group: f.FacilityGroup,
      moratoriumDate: f.FacilityMoratoriumDate,
    })),
  };
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
