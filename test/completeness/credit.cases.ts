import {
  CREDIT_SAMPLES,
  DEAD,
  GUARANTEE_SAMPLES,
  SANDBOX_OTP,
  TRANSACTION_CREDIT_SAMPLES,
  guaranteeOf,
  personOf,
} from '../fixtures/sandbox.js';
import { smsConsent, withHandle } from '../consent/support.js';
import { CREDIT_SMS_SCOPES } from '../credit/support.js';
import { eventually } from '../helpers/eventually.js';
import type { Harness } from '../helpers/harness.js';
import { dataOf } from '../helpers/responses.js';
import type { DocumentedOperation, GraphPath, NotInGraph, Reshaped } from './support.js';

type Target = GraphPath | Reshaped | NotInGraph;

const date = (path: string): Reshaped => ({
  path: `${path}.jalali`,
  as: 'the Jalali date YYYYMMDD written YYYY/MM/DD',
});
const bankCode = (path: string): Reshaped => ({
  path: `${path}.code`,
  as: 'the bank code zero-padded to three digits (63 → 063)',
});

const BORROWER = CREDIT_SAMPLES.borrower.nationalId;
const GUARANTOR = CREDIT_SAMPLES.cleanGuarantor.nationalId;
const COMPANY = CREDIT_SAMPLES.company.nationalId;

/** Ayandeh's guarantee id for `n`: `062`, nine digits, and a Luhn check digit over the first twelve. */
function guaranteeId(n: number): string {
  const base = `062${String(n).padStart(9, '0')}`;
  const sum = [...base].reverse().reduce((total, digit, i) => {
    const d = Number(digit) * (i % 2 === 0 ? 2 : 1);
    return total + (d > 9 ? d - 9 : d);
  }, 0);
  return `${base}${(10 - (sum % 10)) % 10}`;
}

/** A guarantee of the world that was renewed and has collaterals, so every documented field has a value. */
const GUARANTEE = (() => {
  for (let n = 1; n < 1000; n++) {
    const id = guaranteeId(n);
    const g = guaranteeOf(id);
    if (g?.renewDate && g.collaterals.length > 0) return id;
  }
  return GUARANTEE_SAMPLES.withCollaterals.guaranteeId;
})();

const REPORT_SCOPES = [
  'credit:assessment-submit-json:post',
  'credit:assessment-submit-pdf:post',
  'credit:assessment-inquiry:get',
];

/** A person's query under their SMS consent for the credit inquiries. */
async function asPerson(h: Harness, nationalId: string, fields: string, scopes = CREDIT_SMS_SCOPES): Promise<unknown> {
  const handle = await smsConsent(h.gql, nationalId, [...scopes]);
  h.sandbox.clearCalls();
  return dataOf(
    await h.gql(`query($n: String!) { person(nationalId: $n) { ${fields} } }`, { n: nationalId }, withHandle(handle)),
  );
}

/** A person's reports carry the legal id member empty: it is a company's id. */
const NO_LEGAL_ID = {
  notInGraph: 'a company’s legal id, empty in a person’s report (a company’s reports are Company fields, by that id)',
} as const;

const companyQuery = async (h: Harness, fields: string): Promise<unknown> =>
  dataOf(await h.gql(`query($n: String!) { company(nationalId: $n) { ${fields} } }`, { n: COMPANY }));

const FACILITY_REPORT = `name totalAmount debtAmount pastDueAmount deferredAmount doubtfulAmount dishonoured
  facilities { bank { code } branchCode branchName requestNumber requestType contractType contractTypeCode status
    currency originalAmount benefitAmount debtAmount pastDueAmount deferredAmount doubtfulAmount obligationAmount
    setDate { jalali } endDate { jalali } group moratoriumDate { jalali } }`;

/** The facility answer's fields under `at` (the report's path in the graph). */
function facilityFields(at: string, whose: Record<string, Target>) {
  const item = `${at}.facilities`;
  return {
    ...whose,
    name: `${at}.name`,
    facilityTotalAmount: `${at}.totalAmount`,
    facilityDebtTotalAmount: `${at}.debtAmount`,
    facilityPastExpiredTotalAmount: `${at}.pastDueAmount`,
    facilityDeferredTotalAmount: `${at}.deferredAmount`,
    facilitySuspiciousTotalAmount: `${at}.doubtfulAmount`,
    dishonored: {
      path: `${at}.dishonoured`,
      as: 'the bad-debtor mark as a boolean: blank, 0, false, N or no is false, any other mark (here 1) true',
    },
    // The two blocks of an item carry the same facts; one Facility field serves both (one block is read whole).
    'facilityList[].bankCode': bankCode(`${item}.bank`),
    'facilityList[].FacilityBankCode': bankCode(`${item}.bank`),
    'facilityList[].branchCode': `${item}.branchCode`,
    'facilityList[].FacilityBranchCode': `${item}.branchCode`,
    'facilityList[].branchDescription': `${item}.branchName`,
    'facilityList[].FacilityBranch': `${item}.branchName`,
    'facilityList[].type': `${item}.contractTypeCode`,
    'facilityList[].FacilityType': `${item}.contractTypeCode`,
    'facilityList[].amountOrginal': `${item}.originalAmount`,
    'facilityList[].FacilityAmountOrginal': `${item}.originalAmount`,
    'facilityList[].benefitAmount': `${item}.benefitAmount`,
    'facilityList[].FacilityBenefitAmount': `${item}.benefitAmount`,
    'facilityList[].debtorTotalAmount': `${item}.debtAmount`,
    'facilityList[].FacilityDebtorTotalAmount': `${item}.debtAmount`,
    'facilityList[].pastExpiredAmount': `${item}.pastDueAmount`,
    'facilityList[].FacilityPastExpiredAmount': `${item}.pastDueAmount`,
    'facilityList[].deferredAmount': `${item}.deferredAmount`,
    'facilityList[].FacilityDeferredAmount': `${item}.deferredAmount`,
    'facilityList[].suspiciousAmount': `${item}.doubtfulAmount`,
    'facilityList[].FacilitySuspiciousAmount': `${item}.doubtfulAmount`,
    'facilityList[].FacilityRequestNo': `${item}.requestNumber`,
    'facilityList[].FacilityRequestType': `${item}.requestType`,
    'facilityList[].FacilityCurrencyCode': `${item}.currency`,
    'facilityList[].FacilityStatus': `${item}.status`,
    'facilityList[].FacilityAmountObligation': `${item}.obligationAmount`,
    'facilityList[].FacilitySetDate': date(`${item}.setDate`),
    'facilityList[].FacilityEndDate': date(`${item}.endDate`),
    'facilityList[].FacilityGroup': `${item}.group`,
    'facilityList[].FacilityMoratoriumDate': date(`${item}.moratoriumDate`),
  };
}

const BOUNCED = `name cheques { bank { code } branchCode branchName accountNumber amount issueDate { jalali }
  bounceDate { jalali } number chequeId }`;

function bouncedFields(at: string, whose: Record<string, Target>) {
  const item = `${at}.cheques`;
  return {
    ...whose,
    name: `${at}.name`,
    'chequeList[].accountNumber': `${item}.accountNumber`,
    'chequeList[].amount': `${item}.amount`,
    'chequeList[].backDate': date(`${item}.bounceDate`),
    'chequeList[].bankCode': `${item}.bank.code`,
    'chequeList[].branchCode': `${item}.branchCode`,
    'chequeList[].branchDescription': `${item}.branchName`,
    'chequeList[].date': date(`${item}.issueDate`),
    'chequeList[].id': `${item}.chequeId`,
    'chequeList[].number': `${item}.number`,
  };
}

export const creditInquiries: readonly DocumentedOperation[] = [
  {
    operationId: 'creditSmsFacilityInquiryGet',
    run: (h) => asPerson(h, BORROWER, `nationalId facilities { ${FACILITY_REPORT} }`),
    inputs: ['user'],
    fields: facilityFields('person.facilities', { user: 'person.nationalId', legalId: NO_LEGAL_ID }),
  },
  {
    operationId: 'credit_v2_clients_clientId_users_user_facilityInquiry_get_inquiry_get',
    run: (h) => companyQuery(h, `nationalId facilities { ${FACILITY_REPORT} }`),
    inputs: ['user'],
    fields: facilityFields('company.facilities', { user: 'company.nationalId', legalId: 'company.nationalId' }),
  },
  {
    operationId: 'creditBackChequesGet',
    run: async (h) =>
      dataOf(
        await h.gql(`query($n: String!) { person(nationalId: $n) { nationalId bouncedCheques { ${BOUNCED} } } }`, {
          n: BORROWER,
        }),
      ),
    inputs: ['user'],
    fields: bouncedFields('person.bouncedCheques', { nid: 'person.nationalId', legalId: NO_LEGAL_ID }),
  },
  {
    operationId: 'creditSmsBackChequesGet',
    run: (h) => asPerson(h, BORROWER, `nationalId bouncedChequesConfirmedBySms { ${BOUNCED} }`),
    inputs: ['user'],
    fields: bouncedFields('person.bouncedChequesConfirmedBySms', { nid: 'person.nationalId', legalId: NO_LEGAL_ID }),
  },
  {
    operationId: 'credit_v2_clients_clientId_users_user_backChequesLegal_get_legal_get',
    run: (h) => companyQuery(h, `nationalId bouncedCheques { ${BOUNCED} }`),
    inputs: ['user'],
    fields: bouncedFields('company.bouncedCheques', {
      nid: { notInGraph: 'a person’s national id, empty in a company’s report' },
      legalId: 'company.nationalId',
    }),
  },
  {
    operationId: 'creditSmsGuarantyInquiryGet',
    run: (h) =>
      asPerson(
        h,
        GUARANTOR,
        `nationalId guaranteedLoans { guarantorName inquiryId loans {
          debtorFirstName debtorLastName bank { code } branchCode branchName requestNumber requestType guaranteePercent
          originalAmount benefitAmount debtAmount pastDueAmount deferredAmount doubtfulAmount latePenaltyAmount
          obligationAmount defunctAmount commitmentBalanceAmount setDate { jalali } endDate { jalali } } }`,
      ),
    inputs: ['user'],
    fields: {
      guarantyFirstName: {
        path: 'person.guaranteedLoans.guarantorName',
        as: 'the first name, then the last name, joined by a space into one name',
      },
      guarantyLastName: {
        path: 'person.guaranteedLoans.guarantorName',
        as: 'the last name, after the first name and a space, in one name',
      },
      guarantyNationalCode: 'person.nationalId',
      inquiryResultId: 'person.guaranteedLoans.inquiryId',
      'debtorList[].debtorFirstName': 'person.guaranteedLoans.loans.debtorFirstName',
      'debtorList[].debtorLastName': 'person.guaranteedLoans.loans.debtorLastName',
      'debtorList[].totalAmount': 'person.guaranteedLoans.loans.debtAmount',
      'debtorList[].benefitAmount': 'person.guaranteedLoans.loans.benefitAmount',
      'debtorList[].suspiciousAmount': 'person.guaranteedLoans.loans.doubtfulAmount',
      'debtorList[].deferredAmount': 'person.guaranteedLoans.loans.deferredAmount',
      'debtorList[].orginalAmount': 'person.guaranteedLoans.loans.originalAmount',
      'debtorList[].pastExpiredAmount': 'person.guaranteedLoans.loans.pastDueAmount',
      'debtorList[].bankCode': bankCode('person.guaranteedLoans.loans.bank'),
      'debtorList[].setDate': date('person.guaranteedLoans.loans.setDate'),
      'debtorList[].endDate': date('person.guaranteedLoans.loans.endDate'),
      'debtorList[].guarantyPercent': 'person.guaranteedLoans.loans.guaranteePercent',
      'debtorList[].requestNumber': 'person.guaranteedLoans.loans.requestNumber',
      'debtorList[].requestType': 'person.guaranteedLoans.loans.requestType',
      'debtorList[].branchCode': 'person.guaranteedLoans.loans.branchCode',
      'debtorList[].branchDescription': 'person.guaranteedLoans.loans.branchName',
      'debtorList[].latePenaltyAmount': 'person.guaranteedLoans.loans.latePenaltyAmount',
      'debtorList[].obligationAmount': 'person.guaranteedLoans.loans.obligationAmount',
      'debtorList[].defunctAmount': 'person.guaranteedLoans.loans.defunctAmount',
      'debtorList[].commitmentBalanceAmount': 'person.guaranteedLoans.loans.commitmentBalanceAmount',
      // The guarantor's own id on each loan: the person asked about.
      'debtorList[].guarantyIdNumber': 'person.nationalId',
      'debtorList[].guarantyLegalId': {
        notInGraph:
          'a legal guarantor’s id: the inquiry is served for persons only, by national id, for whom it is null',
      },
      guarantyLegalId: {
        notInGraph:
          'a legal guarantor’s id: the inquiry is served for persons only, by national id, for whom it is null',
      },
    },
  },
  {
    operationId: 'creditGuaranteeDetailsGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          `query($id: String!) { bankGuarantee(guaranteeId: $id) {
            guaranteeId sepamId branchCode centralBankTypeCode kindCode kind customerNumber amount previousDebtAmount
            issueCharge lastRenewalCharge totalCharge issueDate { jalali } maturityDate { jalali } renewalDate { jalali }
            statusCode status economicSector economicSubsector } }`,
          { id: GUARANTEE },
        ),
      ),
    inputs: ['guaranteeId'],
    fields: {
      retCodeDescription: {
        notInGraph:
          'the bank’s sentence on the call’s outcome (success), not a fact of the guarantee; an unknown id reads as null',
      },
      guaranteeId: 'bankGuarantee.guaranteeId',
      sepamId: 'bankGuarantee.sepamId',
      branchCode: 'bankGuarantee.branchCode',
      centralBankTypeCode: 'bankGuarantee.centralBankTypeCode',
      guaranteeSubTypeCode: 'bankGuarantee.kindCode',
      guaranteeSubTypeDesc: 'bankGuarantee.kind',
      cif: 'bankGuarantee.customerNumber',
      debtAmount: 'bankGuarantee.amount',
      issueDate: date('bankGuarantee.issueDate'),
      maturityDate: date('bankGuarantee.maturityDate'),
      renewDate: date('bankGuarantee.renewalDate'),
      companyPreDebtAmount: 'bankGuarantee.previousDebtAmount',
      issueChargeAmount: 'bankGuarantee.issueCharge',
      lastRenewChargeAmount: 'bankGuarantee.lastRenewalCharge',
      totalCharge: 'bankGuarantee.totalCharge',
      guaranteeStatusCode: 'bankGuarantee.statusCode',
      guaranteeStatusDescription: 'bankGuarantee.status',
      economicDesc: 'bankGuarantee.economicSector',
      economicSubsectionDesc: 'bankGuarantee.economicSubsector',
    },
  },
  {
    operationId: 'creditGuaranteeCollateralsGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          `query($id: String!) { bankGuarantee(guaranteeId: $id) { guaranteeId collaterals {
            collateralId typeCode centralBankTypeCode type evaluatedAmount debtAmount interestRate
            receiveDate { jalali } issueDate { jalali } assignDate { jalali } } } }`,
          { id: GUARANTEE },
        ),
      ),
    inputs: ['guaranteeId'],
    fields: {
      retCodeDescription: {
        notInGraph: 'the bank’s sentence on the call’s outcome (success), not a fact of the collaterals',
      },
      alertCode: {
        notInGraph: 'the bank’s code of the call’s outcome (`00000` success), not a fact of the collaterals',
      },
      messageOut: {
        notInGraph: 'the bank’s note that no collateral is recorded, which the empty `collaterals` list already says',
      },
      guaranteeId: 'bankGuarantee.guaranteeId',
      'collaterals[].collateralId': 'bankGuarantee.collaterals.collateralId',
      'collaterals[].collateralTypeCode': 'bankGuarantee.collaterals.typeCode',
      'collaterals[].centralBankCollateralTypeCode': 'bankGuarantee.collaterals.centralBankTypeCode',
      'collaterals[].collateralTypeDescription': 'bankGuarantee.collaterals.type',
      'collaterals[].evaluatedAmount': 'bankGuarantee.collaterals.evaluatedAmount',
      'collaterals[].debtAmount': 'bankGuarantee.collaterals.debtAmount',
      'collaterals[].interestRate': 'bankGuarantee.collaterals.interestRate',
      'collaterals[].receiveDate': date('bankGuarantee.collaterals.receiveDate'),
      'collaterals[].issueDate': date('bankGuarantee.collaterals.issueDate'),
      'collaterals[].assignDate': date('bankGuarantee.collaterals.assignDate'),
    },
  },
  {
    operationId: 'creditMacnaInquiryGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          `query($n: String!) { person(nationalId: $n) { nationalId issuedCards { trace firstName lastName remainingNationwide remainingAtBank
            cards { maskedPan bank { code name } issueDate updatedOn cardType stateCode state messageCode message registryCode } } } }`,
          { n: BORROWER },
        ),
      ),
    inputs: ['nationalCode'],
    fields: {
      '[].nationalCode': 'person.nationalId',
      '[].trace': 'person.issuedCards.trace',
      '[].firstName': 'person.issuedCards.firstName',
      '[].lastName': 'person.issuedCards.lastName',
      '[].history[].updated': 'person.issuedCards.cards.updatedOn',
      // The bank's name as the registry writes it; the graph's Bank names the bank of the same code.
      '[].history[].bankName': 'person.issuedCards.cards.bank.name',
      '[].remain.iran': 'person.issuedCards.remainingNationwide',
      '[].remain.bank': 'person.issuedCards.remainingAtBank',
      '[].history[].macnaCode': 'person.issuedCards.cards.registryCode',
      '[].history[].issueDate': 'person.issuedCards.cards.issueDate',
      '[].history[].cardType': 'person.issuedCards.cards.cardType',
      '[].history[].pan': 'person.issuedCards.cards.maskedPan',
      '[].history[].bankCode': bankCode('person.issuedCards.cards.bank'),
      '[].history[].stateCode': 'person.issuedCards.cards.stateCode',
      '[].history[].stateDescription': 'person.issuedCards.cards.state',
      '[].history[].messageCode': 'person.issuedCards.cards.messageCode',
      '[].history[].messageDescription': 'person.issuedCards.cards.message',
    },
  },
  {
    operationId: 'creditChequeColorInquiryGet',
    variant: 'a person',
    run: async (h) =>
      dataOf(
        await h.gql(`query($n: String!) { person(nationalId: $n) { chequeStanding { colour code } } }`, {
          n: BORROWER,
        }),
      ),
    inputs: ['idCode'],
    fields: { chequeColor: 'person.chequeStanding.code' },
  },
  {
    operationId: 'creditChequeColorInquiryGet',
    variant: 'a company',
    run: (h) => companyQuery(h, 'chequeStanding { colour code }'),
    inputs: ['idCode'],
    fields: { chequeColor: 'company.chequeStanding.code' },
  },
];

const START_TC = `mutation($n: String!, $m: String!) {
  startTransactionCreditInquiry(input: { nationalId: $n, mobile: $m }) { checkId expiresAt } }`;
const VERIFY_TC = `mutation($c: ID!, $o: String!) { verifyTransactionCreditInquiry(input: { checkId: $c, otp: $o }) {
  __typename ... on TransactionCreditInquiryVerified { inquiryId report { inquiryId verdict message } } } }`;

/** The three steps of a transaction credit inquiry, each step's data in order. */
async function transactionCredit(h: Harness): Promise<unknown[]> {
  const nationalId = TRANSACTION_CREDIT_SAMPLES.clean;
  const started = dataOf(
    await h.gql<{ startTransactionCreditInquiry: { checkId: string } }>(START_TC, {
      n: nationalId,
      m: personOf(nationalId).mobile,
    }),
  );
  const verified = dataOf(await h.gql(VERIFY_TC, { c: started.startTransactionCreditInquiry.checkId, o: SANDBOX_OTP }));
  return [started, verified];
}

const CREDIT_REPORT_JOB = `id status assessmentId failure { code message } request { nationalId format authorizedBy }
  report { nationalId name score riskGrade facilities { ${FACILITY_REPORT} } bouncedCheques { ${BOUNCED} } }
  file { contentType fileName size base64 }`;

interface JobData {
  startCreditReport?: { id: string };
  job?: { status: string };
}

/** Starts a credit report and follows its job until it settles; the start's and the last poll's data. */
async function creditReport(
  h: Harness,
  nationalId: string,
  input: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<unknown[]> {
  const started = dataOf(
    await h.gql<JobData>(
      `mutation($input: CreditReportInput!) { startCreditReport(input: $input) { ${CREDIT_REPORT_JOB} } }`,
      { input: { nationalId, mobile: personOf(nationalId).mobile, ...input } },
      headers,
    ),
  );
  const id = started.startCreditReport?.id ?? '';
  const settled = await eventually(async () => {
    const data = dataOf(
      await h.gql<JobData>(
        `query($id: ID!) { job(id: $id) { ... on CreditReportJob { ${CREDIT_REPORT_JOB} } } }`,
        { id },
        headers,
      ),
    );
    if (!data.job || data.job.status === 'PENDING') throw new Error('still pending');
    return data;
  });
  return [started, settled];
}

const asReportOwner = async (h: Harness, nationalId: string) =>
  withHandle(await smsConsent(h.gql, nationalId, REPORT_SCOPES));

/** The report's fields, read by the job's `report` (JSON). */
function reportFields(): Record<string, Target> {
  const facility = facilityFields('job.report.facilities', {});
  const bounced = bouncedFields('job.report.bouncedCheques', {});
  const data: Record<string, Target> = {};
  for (const [path, target] of [...Object.entries(facility), ...Object.entries(bounced)]) {
    data[`data.${path}`] = target;
  }
  data['data.name'] = 'job.report.name';
  return {
    ...data,
    'data.nationalCode': 'job.report.nationalId',
    'data.score': 'job.report.score',
    'data.riskGrade': 'job.report.riskGrade',
  };
}

const SUBMIT_FIELDS = {
  assessmentId: 'startCreditReport.assessmentId',
  status: 'startCreditReport.status',
} as const;

export const creditReports: readonly DocumentedOperation[] = [
  {
    operationId: 'credit_v2_clients_clientId_assessmentSubmit_json_post_submit_post',
    run: async (h) => creditReport(h, BORROWER, { format: 'JSON' }, await asReportOwner(h, BORROWER)),
    inputs: ['nationalCode', 'mobile'],
    fields: SUBMIT_FIELDS,
  },
  {
    operationId: 'credit_v2_clients_clientId_assessmentSubmit_pdf_post_submit_post',
    run: async (h) => creditReport(h, BORROWER, { format: 'PDF' }, await asReportOwner(h, BORROWER)),
    inputs: ['nationalCode', 'mobile'],
    fields: SUBMIT_FIELDS,
  },
  {
    operationId: 'creditCcAssessmentSubmitJsonPost',
    run: (h) => creditReport(h, BORROWER, { format: 'JSON', authorizedBy: 'CLIENT' }),
    inputs: ['nationalCode', 'mobile'],
    fields: SUBMIT_FIELDS,
  },
  {
    operationId: 'credit_v2_clients_clientId_assessmentInquiry_get_inquiry_get',
    variant: 'a JSON report',
    run: async (h) => creditReport(h, BORROWER, { format: 'JSON' }, await asReportOwner(h, BORROWER)),
    inputs: ['assessmentId'],
    fields: { assessmentId: 'job.assessmentId', status: 'job.status', ...reportFields() },
  },
  {
    operationId: 'credit_v2_clients_clientId_assessmentInquiry_get_inquiry_get',
    variant: 'a PDF report',
    run: async (h) => creditReport(h, BORROWER, { format: 'PDF' }, await asReportOwner(h, BORROWER)),
    inputs: ['assessmentId'],
    fields: {
      assessmentId: 'job.assessmentId',
      status: 'job.status',
      'data.nationalCode': 'job.request.nationalId',
      'data.fileName': 'job.file.fileName',
      'data.contentType': 'job.file.contentType',
      'data.file': 'job.file.base64',
    },
  },
  {
    operationId: 'credit_v2_clients_clientId_assessmentInquiry_get_inquiry_get',
    variant: 'a failed report',
    run: async (h) => creditReport(h, DEAD.nationalId, { format: 'JSON' }, await asReportOwner(h, DEAD.nationalId)),
    inputs: ['assessmentId'],
    fields: {
      assessmentId: 'job.assessmentId',
      status: 'job.status',
      'error.code': 'job.failure.code',
      'error.message': 'job.failure.message',
    },
  },
  {
    operationId: 'creditCcAssessmentInquiryGet',
    run: (h) => creditReport(h, BORROWER, { format: 'JSON', authorizedBy: 'CLIENT' }),
    inputs: ['assessmentId'],
    fields: { assessmentId: 'job.assessmentId', status: 'job.status', ...reportFields() },
  },
  {
    operationId: 'kycTransactionCreditInquiryRequestGet',
    run: transactionCredit,
    inputs: ['nationalCode', 'mobile'],
    fields: {
      message: {
        notInGraph:
          'a fixed acknowledgement (`OK`) of a call that succeeded; the challenge returned (`checkId`, `expiresAt`) is what it means',
      },
    },
  },
  {
    operationId: 'kycTransactionCreditInquiryVerifyPost',
    run: transactionCredit,
    inputs: ['otp', 'nationalCode'],
    fields: { inquiryTrackId: 'verifyTransactionCreditInquiry.inquiryId' },
  },
  {
    operationId: 'kycTransactionCreditInquiryReportGet',
    run: transactionCredit,
    inputs: ['inquiryTrackId'],
    fields: { message: 'verifyTransactionCreditInquiry.report.message' },
  },
];
