/**
 * The operations catalog: every upstream operation of the specification, and the operations of the
 * same groups that the documented wire facts add, with the facts the client, the sandbox, the tests and
 * the docs all read. One row per operation. `origin` says where each row's facts come from: `spec`
 * (stated in full by the specification), `wire` (scope and grant from the documented wire facts, and the
 * path too for the few operations the specification does not list) or `designed` (not documented
 * anywhere; chosen the way the upstream names its other operations).
 *
 * What each operation does, its payload, and what was chosen where no source documents it are written in
 * `docs/catalog/notes.md`, one section per operation, which `npm run docs` renders with this table into
 * `docs/operations.md`.
 */

export type HttpMethod = 'GET' | 'POST';
export type Grant = 'client_credentials' | 'authorization_sms' | 'authorization_code';
export type UpstreamGroup =
  'billing' | 'kyc' | 'kyb' | 'credit' | 'facility' | 'vehicle' | 'oak' | 'mpg' | 'ecity' | 'dev';

export interface OperationSpec {
  readonly id: string;
  readonly group: UpstreamGroup;
  readonly method: HttpMethod;
  /** Path template; `{clientId}` and any other `{name}` are filled from path parameters. */
  readonly path: string;
  readonly scope: string;
  readonly grant: Grant;
  /**
   * True when sending the call again cannot change anything upstream (reads and status polls). Only
   * these are resent after a transient failure (timeout, cut connection, 5xx, 429, unreadable answer),
   * each attempt with a new trackId; money movements, cheque actions and calls that text a code never are.
   */
  readonly retrySafe: boolean;
  readonly origin: 'spec' | 'wire' | 'designed';
  /** The operation's `trackId` query parameter names another call (the call log): it sends no trackId of its own. */
  readonly trackIdNamesAnotherCall?: true;
  /**
   * The documentation shows the answer with no envelope `status`, its payload beside `trackId`: a 2xx
   * answer with neither `status` nor `error` is read as that payload. Reads only.
   */
  readonly answersWithoutStatus?: true;
}

const GRANTS = {
  cc: 'client_credentials',
  sms: 'authorization_sms',
  code: 'authorization_code',
} as const satisfies Record<string, Grant>;

/** `METHOD group/rest`, for the path `/<group>/v2/clients/{clientId}/<rest>`. */
type Endpoint = `${HttpMethod} ${UpstreamGroup}/${string}`;

/**
 * One row of the catalog: id, method and path, scope, grant (`cc` client credentials, `sms` or `code`
 * the person's authorization), origin, and `retry` when the call may be resent (`retrySafe`) or `once`.
 */
function op<const Id extends string>(
  id: Id,
  endpoint: Endpoint,
  scope: string,
  grant: keyof typeof GRANTS,
  origin: OperationSpec['origin'],
  resend: 'retry' | 'once',
  extra: Pick<OperationSpec, 'trackIdNamesAnotherCall' | 'answersWithoutStatus'> = {},
): OperationSpec & { readonly id: Id } {
  const space = endpoint.indexOf(' ');
  const slash = endpoint.indexOf('/', space);
  const group = endpoint.slice(space + 1, slash) as UpstreamGroup;
  return {
    id,
    group,
    method: endpoint.slice(0, space) as HttpMethod,
    path: `/${group}/v2/clients/{clientId}/${endpoint.slice(slash + 1)}`,
    scope,
    grant: GRANTS[grant],
    origin,
    retrySafe: resend === 'retry',
    ...extra,
  };
}

// prettier-ignore
const catalog = [
  // §4.1 bills, shown in full.
  op('billingInquiryRequestSubmit', 'POST billing/billingInquiryRequest', 'billing:billing-inquiry-request:post', 'cc', 'spec', 'once'),
  op('billingInquiryStatusPoll', 'POST billing/billingInquiryStatus', 'billing:billing-inquiry-status:post', 'cc', 'spec', 'retry'),
  op('billingInquiryCcGet', 'GET billing/billingInquiry', 'billing:cc-inquiry:get', 'cc', 'spec', 'retry'),
  op('billingDetailInquiryCcGet', 'GET billing/detailBillingInquiry', 'billing:cc-inquiry-detail:get', 'cc', 'spec', 'retry'),
  op('billingBillHistoryInquiryGet', 'GET billing/billHistoryInquiry', 'billing:bill-history-inquiry:get', 'cc', 'designed', 'retry'),
  op('billingNegativeScoreGet', 'GET billing/negativeScore', 'billing:cc-negative-score:get', 'cc', 'spec', 'retry'),
  op('billingDrivingOffenseGet', 'GET billing/drivingOffense', 'billing:driving-offense-inquiry:get', 'cc', 'wire', 'retry'),
  op('billingRidingOffenseGet', 'GET billing/ridingOffense', 'billing:riding-offense-inquiry:get', 'cc', 'wire', 'retry'),
  op('billingTrafficOffenseImageGet', 'GET billing/trafficOffenseImage', 'billing:traffic-offense-image:get', 'cc', 'wire', 'retry'),

  // §4.2 operations with path, scope and grant.
  op('kycCompareLiveVideoWithNationalCardPost', 'POST kyc/compareLiveVideoWithNationalCard', 'kyc:compare-live-video-with-national-card-image:post', 'cc', 'spec', 'retry'),
  op('credit_v2_clients_clientId_sms_sayadTransfersChainInquiry_post_inquiry_post', 'POST credit/sms/sayadTransfersChainInquiry', 'credit:sms-sayad-transfers-chain-inquiry:post', 'sms', 'spec', 'retry'),
  op('kycTransactionCreditInquiryRequestGet', 'GET kyc/transactionCreditInquiryRequest', 'kyc:transaction-credit-inquiry-request:get', 'cc', 'spec', 'once'),
  op('credit_v2_clients_clientId_assessmentInquiry_get_inquiry_get', 'GET credit/assessmentInquiry', 'credit:assessment-inquiry:get', 'sms', 'spec', 'retry'),
  op('credit_v2_clients_clientId_assessmentSubmit_json_post_submit_post', 'POST credit/assessmentSubmit/json', 'credit:assessment-submit-json:post', 'sms', 'spec', 'once'),
  op('credit_v2_clients_clientId_assessmentSubmit_pdf_post_submit_post', 'POST credit/assessmentSubmit/pdf', 'credit:assessment-submit-pdf:post', 'sms', 'spec', 'once'),
  op('credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post', 'POST credit/sms/sayadTransferCheque', 'credit:sms-sayad-transfer-cheque:post', 'sms', 'spec', 'once'),
  op('credit_v2_clients_clientId_users_user_facilityInquiry_get_inquiry_get', 'GET credit/users/{user}/facilityInquiry', 'credit:facility-inquiry:get', 'cc', 'spec', 'retry'),
  op('credit_v2_clients_clientId_users_user_backChequesLegal_get_legal_get', 'GET credit/users/{user}/backChequesLegal', 'credit:back-cheques-legal:get', 'cc', 'spec', 'retry'),
  op('kycSmsTaxInquiryGet', 'GET kyc/sms/taxInquiry', 'kyc:sms-tax-Inquiry:get', 'sms', 'spec', 'retry'),
  op('credit_v2_clients_clientId_sms_chequeStatusInquiry_post_inquiry_post', 'POST credit/sms/chequeStatusInquiry', 'credit:sms-cheque-status-inquiry:post', 'sms', 'spec', 'retry'),
  op('vehicleVehicleInfoInquiryGet', 'GET vehicle/vehicleInfoInquiry', 'vehicle:vehicle-info-inquiry:get', 'cc', 'spec', 'retry'),
  op('facilityDepositToIbanGet', 'GET facility/depositToIban', 'facility:cc-deposit-iban:get', 'cc', 'spec', 'retry'),
  op('kybCorporateJournalGet', 'GET kyb/corporateJournal', 'kyb:corporate-journal:get', 'cc', 'spec', 'retry'),
  op('kycCcSanaInquiryGet', 'GET kyc/cc/sanaInquiry', 'kyc:cc-sana-inquiry:get', 'cc', 'spec', 'retry'),
  op('vehicleTrafficTollInquiryGet', 'GET vehicle/trafficTollInquiry', 'vehicle:traffic-toll-inquiry:get', 'cc', 'spec', 'retry'),
  op('oakTransferToDepositPost', 'POST oak/transferTo', 'oak:transfer-to:execute', 'code', 'spec', 'once'),
  op('oakTransferInquiryGet', 'GET oak/transferInquiry', 'oak:inquiry-transfer:get', 'cc', 'wire', 'retry'),
  op('creditSmsSayadAcceptChequePost', 'POST credit/users/{user}/sms/sayadAcceptCheque', 'credit:sms-sayad-accept-cheque:post', 'sms', 'wire', 'once'),
  op('creditSmsSayadCancelChequePost', 'POST credit/users/{user}/sms/sayadCancelCheque', 'credit:sms-sayad-cancel-cheque:post', 'sms', 'wire', 'once'),
  op('creditSmsSayadChequeInquiryGet', 'GET credit/users/{user}/sms/sayadChequeInquiry', 'credit:sms-sayady-cheque-inquiry:get', 'sms', 'wire', 'retry'),
  op('creditCcSayadIssuerInquiryChequePost', 'POST credit/users/{user}/sayadIssuerInquiryCheque', 'credit:cc-sayad-issuer-inquiry-cheque:post', 'cc', 'wire', 'retry'),
  op('creditSayadSerialInquiryGet', 'GET credit/sayadSerialInquiry', 'credit:sayad-serial-inquiry:get', 'cc', 'wire', 'retry'),
  op('devWagesGet', 'GET dev/wages', 'boomrang:wages:get', 'cc', 'wire', 'retry', { trackIdNamesAnotherCall: true }),

  // §4.3 operations known by path; scope and grant from the wire facts, or designed where none is documented.
  op('creditAcSayadIssueChequePost', 'POST credit/ac/sayadIssueCheque', 'credit:ac-sayad-issue-cheque:post', 'code', 'wire', 'once'),
  op('creditAcSayadTransferChequePost', 'POST credit/ac/sayadTransferCheque', 'credit:ac-sayad-transfer-cheque:post', 'code', 'wire', 'once'),
  op('creditChequebookInquiryGet', 'GET credit/chequebookInquiry', 'credit:chequebook-inquiry:get', 'cc', 'wire', 'retry'),
  op('creditCcAssessmentSubmitJsonPost', 'POST credit/ccAssessmentSubmit/json', 'credit:cc-assessment-submit-json:post', 'cc', 'designed', 'once'),
  op('creditCcAssessmentInquiryGet', 'GET credit/ccAssessmentInquiry', 'credit:cc-assessment-inquiry:get', 'cc', 'designed', 'retry'),
  op('facilityNationalCardImageGet', 'GET facility/nationalCardImage', 'facility:national-card-image:get', 'cc', 'designed', 'retry'),
  op('facilityCcNidInquiryGet', 'GET facility/users/{nid}/cc/nidInquiry', 'facility:cc-nid-inquiry:get', 'cc', 'designed', 'retry'),
  op('facilitySmsNidInquiryGet', 'GET facility/users/{nid}/sms/nidInquiry', 'facility:sms-nid-inquiry:get', 'sms', 'designed', 'retry'),
  op('facilityCardToDepositGet', 'GET facility/cardToDeposit', 'facility:card-to-deposit:get', 'cc', 'wire', 'retry'),
  op('facilityCardToIbanGet', 'GET facility/cardToIban', 'facility:card-to-iban:get', 'cc', 'wire', 'retry'),
  op('facilityDepositInfoGet', 'GET facility/depositInfo', 'facility:deposit-information:get', 'cc', 'wire', 'retry'),
  op('kybAuthorizedSignatoriesGet', 'GET kyb/authorizedSignatories', 'kyb:authorized-signatories:get', 'cc', 'designed', 'retry'),
  op('kybBoardMembersGet', 'GET kyb/boardMembers', 'kyb:board-members:get', 'cc', 'designed', 'retry'),
  op('kybCompanyInfoGet', 'GET kyb/companyInfo', 'kyb:company-info:get', 'cc', 'designed', 'retry'),
  op('oakCcStatementGet', 'GET oak/deposits/{deposit}/cc/statement', 'oak:cc-statement:get', 'cc', 'designed', 'retry'),

  // §4.9 account data under the holder's authorization-code consent, from the wire facts.
  op('oakBalanceGet', 'GET oak/deposits/{deposit}/balance', 'oak:balance:get', 'code', 'wire', 'retry'),

  // Identity, conversion and postal operations the wire facts document beyond the specification's tables.
  op('mpgCardInformationGet', 'GET mpg/cards/{card}', 'card:information:get', 'cc', 'wire', 'retry'),
  op('oakIbanInquiryGet', 'GET oak/ibanInquiry', 'oak:iban-inquiry:get', 'cc', 'wire', 'retry'),
  op('facilityGetAccountInfoGet', 'GET facility/getAccountInfo', 'facility:account-info:get', 'cc', 'wire', 'retry'),
  op('facilityBanksInfoGet', 'GET facility/banksInfo', 'facility:cc-bank-info:get', 'cc', 'wire', 'retry'),
  op('kycSmsNidVerificationGet', 'GET kyc/users/{nid}/sms/nidVerification', 'kyc:sms-nid-verification:get', 'sms', 'wire', 'retry'),
  op('facilityCcNidVerificationGet', 'GET facility/users/{nid}/cc/nidVerification', 'facility:cc-nid-verification:get', 'cc', 'wire', 'retry'),
  op('kycIdentificationInquiryGet', 'GET kyc/identificationInquiry', 'kyc:identification-inquiry:get', 'cc', 'wire', 'retry'),
  op('kycIbanOwnerVerificationGet', 'GET kyc/ibanOwnerVerification', 'kyc:iban-owner-verification:get', 'cc', 'wire', 'retry'),
  op('kycIbanOwnerBirthdateVerificationGet', 'GET kyc/ibanOwnerBirthdateVerification', 'kyc:iban-owner-birthdate-verification:get', 'cc', 'wire', 'retry'),
  op('facilityDepositOwnerVerificationGet', 'GET facility/depositOwnerVerification', 'facility:deposit-owner-verification:get', 'cc', 'wire', 'retry'),
  op('kycMilitaryInquiryGet', 'GET kyc/militaryInquiry', 'kyc:military-inquiry:get', 'cc', 'wire', 'retry'),
  op('kycDeathStatusInquiryGet', 'GET kyc/deathStatusInquiry', 'kyc:death-status-inquiry:get', 'cc', 'wire', 'retry'),
  op('facilityShahkarVerifyGet', 'GET facility/shahkar/verify', 'facility:shahkar:get', 'cc', 'wire', 'retry'),
  op('kycMobileCardVerificationPost', 'POST kyc/mobileCardVerification', 'kyc:mobile-card-verification:post', 'cc', 'wire', 'retry'),
  op('kycCardOwnerVerificationPost', 'POST kyc/cardOwnerVerification', 'kyc:card-owner-verification:post', 'cc', 'wire', 'retry'),
  op('kycOcrPost', 'POST kyc/ocr', 'kyc:ocr-verification:post', 'cc', 'wire', 'retry'),
  op('kycCompareVideoWithNationalCardImagePost', 'POST kyc/compareVideoWithNationalCardImage', 'kyc:compare-video-with-national-card-image:post', 'cc', 'wire', 'retry'),
  op('kycCompareLiveImageWithNationalCardPost', 'POST kyc/compareLiveImageWithNationalCard', 'kyc:compare-live-image-with-national-card-image:post', 'cc', 'wire', 'retry'),
  op('kycCompareTwoImagesPost', 'POST kyc/compareTwoImages', 'kyc:compare-two-images:post', 'cc', 'wire', 'retry'),
  op('oakShahabInquiryGet', 'GET oak/users/{nid}/shahabInquiry', 'oak:shahab-inquiry:get', 'cc', 'wire', 'retry'),
  op('oakSmsShahabInquiryGet', 'GET oak/users/{nid}/sms/shahabInquiry', 'oak:sms-shahab-inquiry:get', 'sms', 'wire', 'retry'),
  op('oakBlacklistInquiryGet', 'GET oak/blacklistInquiry', 'oak:blacklist-inquiry:get', 'cc', 'wire', 'retry'),
  op('kycPassportInquiryPost', 'POST kyc/passportInquiry', 'kyc:passport-inquiry:post', 'cc', 'wire', 'retry'),
  op('ecityPostalCodeGet', 'GET ecity/postalCode', 'ecity:cc-postal-code-inquiry:get', 'cc', 'wire', 'retry'),
  op('ecityPostalCodeCoordinatesGet', 'GET ecity/postalCodeCoordinates', 'ecity:cc-postal-code-coordinates:get', 'cc', 'designed', 'retry'),
  op('ecityParcelTrackingGet', 'GET ecity/parcelTracking', 'ecity:parcel-tracking:get', 'cc', 'designed', 'retry'),
  op('facilityShahkarSmsSendGet', 'GET facility/shahkar/smsSend', 'facility:sms-shahkar-send:get', 'cc', 'wire', 'once'),
  op('facilityShahkarSmsVerifyGet', 'GET facility/shahkar/smsVerify', 'facility:sms-shahkar-verification:get', 'cc', 'wire', 'once'),

  // Vehicle, company and credit operations the wire facts document beyond the specification's tables.
  op('vehiclePlateNumberHistoryGet', 'GET vehicle/plateNumberHistory', 'vehicle:plate-number-history:get', 'cc', 'wire', 'retry'),
  op('vehicleActivePlateNumbersGet', 'GET vehicle/activePlateNumbers', 'vehicle:active-plate-numbers:get', 'cc', 'wire', 'retry'),
  op('vehicleMatchingVehicleOwnershipGet', 'GET vehicle/matchingVehicleOwnership', 'vehicle:matching-vehicle-ownership:get', 'cc', 'wire', 'retry'),
  op('ecityFreewayTollInquiryGet', 'GET ecity/freewayTollInquiry', 'ecity:freeway-toll-inquiry:get', 'cc', 'wire', 'retry'),
  op('kycThirdPartyInsuranceInquiryGet', 'GET kyc/thirdPartyInsuranceInquiry', 'kyc:thirdParty-insurance-inquiry:get', 'cc', 'wire', 'retry'),
  op('kycLicenseCheckInquiryPost', 'POST kyc/licenseCheckInquiry', 'kyc:cc-license-check-inquiry:post', 'cc', 'wire', 'retry'),
  op('kycDriversRiskInquiryGet', 'GET kyc/driversRiskInquiry', 'kyc:drivers-risk-inquiry:get', 'cc', 'wire', 'retry'),
  op('kybMatchLegalIdWithMembersGet', 'GET kyb/matchLegalIdWithMembers', 'kyb:match-legal-id-with-members:get', 'cc', 'wire', 'retry'),
  op('creditSmsFacilityInquiryGet', 'GET credit/users/{user}/sms/facilityInquiry', 'credit:sms-facility-inquiry:get', 'sms', 'wire', 'retry'),
  op('creditBackChequesGet', 'GET credit/users/{user}/backCheques', 'credit:back-cheques:get', 'cc', 'wire', 'retry'),
  op('creditSmsBackChequesGet', 'GET credit/users/{user}/sms/backCheques', 'credit:sms-back-cheques:get', 'sms', 'wire', 'retry'),
  op('creditSmsGuarantyInquiryGet', 'GET credit/users/{user}/sms/guarantyInquiry', 'credit:sms-guaranty-inquiry:get', 'sms', 'wire', 'retry'),
  op('creditGuaranteeDetailsGet', 'GET credit/guaranteeDetails', 'credit:guarantee-details:get', 'cc', 'wire', 'retry'),
  op('creditGuaranteeCollateralsGet', 'GET credit/guaranteeCollaterals', 'credit:guarantee-collaterals:get', 'cc', 'wire', 'retry', { answersWithoutStatus: true }),
  op('creditMacnaInquiryGet', 'GET credit/macnaInquiry', 'credit:macna-inquiry:get', 'cc', 'wire', 'retry'),
  op('creditChequeColorInquiryGet', 'GET credit/chequeColorInquiry', 'credit:cheque-color-inquiry:get', 'cc', 'wire', 'retry'),
  op('creditSayadIdBySerialGet', 'GET credit/sayadIdBySerial', 'credit:sayad-id-by-serial:get', 'cc', 'wire', 'retry'),
  op('kycTransactionCreditInquiryVerifyPost', 'POST kyc/transactionCreditInquiryVerify', 'kyc:transaction-credit-inquiry-verify:post', 'cc', 'wire', 'once'),
  op('kycTransactionCreditInquiryReportGet', 'GET kyc/transactionCreditInquiryReport', 'kyc:transaction-credit-inquiry-report:get', 'cc', 'wire', 'retry'),
  op('kybTradeLicensesGet', 'GET kyb/tradeLicenses', 'kyb:trade-licenses:get', 'cc', 'designed', 'retry'),
  op('kybBusinessCreditValidationGet', 'GET kyb/businessCreditValidation', 'kyb:business-credit-validation:get', 'cc', 'designed', 'retry'),

  // The official-gazette signature verification, named by the specification (§1, KYB) with no path: designed.
  op('kybGazetteSignatureVerificationSubmitPost', 'POST kyb/gazetteSignatureVerification', 'kyb:gazette-signature-verification:post', 'cc', 'designed', 'once'),
  op('kybGazetteSignatureVerificationResultGet', 'GET kyb/gazetteSignatureVerificationResult', 'kyb:gazette-signature-verification-result:get', 'cc', 'designed', 'retry'),

  // §4.10 inbound SMS: a read that deletes what it returns, so never resent (see its notes).
  op('facilityReceiveSmsGet', 'GET facility/receiveSMS', 'facility:receive-sms:get', 'cc', 'wire', 'once'),
  // SMS (Finnotext, wire facts §4.10): sent from the client's own sender numbers, every call with its trackId.
  op('facilityFinnotextPost', 'POST facility/finnotext', 'facility:finnotext:post', 'cc', 'wire', 'once'),
  op('facilityFinnotextInquiryGet', 'GET facility/finnotextInquiry', 'facility:finnotext-inquiry:get', 'cc', 'wire', 'retry'),
  op('facilityFinnotextOtpPost', 'POST facility/finnotextOtp', 'facility:finnotext-otp:post', 'cc', 'wire', 'once'),
] as const satisfies readonly OperationSpec[];

export type OperationId = (typeof catalog)[number]['id'];

export const operations: ReadonlyMap<OperationId, OperationSpec> = new Map(catalog.map((o) => [o.id, o]));

export function operation(id: OperationId): OperationSpec {
  const spec = operations.get(id);
  if (!spec) throw new Error(`Unknown upstream operation ${id}`);
  return spec;
}

/** Path parameters by template, read once: every call of an operation asks again. */
const parametersByPath = new Map<string, readonly string[]>();

/** Path parameter names of a template other than `clientId`, in order. */
export function pathParameters(spec: OperationSpec): readonly string[] {
  let names = parametersByPath.get(spec.path);
  if (!names) {
    names = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((name) => name !== 'clientId');
    parametersByPath.set(spec.path, names);
  }
  return names;
}

/** The token endpoint of every grant (wire facts §2). */
export const TOKEN_PATH = '/dev/v2/oauth2/token';
/** Starts a user grant: the SMS OTP, or the browser authorization page (wire facts §2.3, §2.4). */
export const AUTHORIZE_PATH = '/dev/v2/oauth2/authorize';
/** Exchanges an SMS OTP for an authorization code (wire facts §2.4). */
export const VERIFY_SMS_PATH = '/dev/v2/oauth2/verify/sms';
/**
 * Revokes a token (wire facts §2.7): `DELETE` with a client-credentials Bearer token and the token in a
 * JSON body. `{clientId}` is the client's id.
 */
export const REVOKE_TOKEN_PATH = '/dev/v2/clients/{clientId}/token';
/**
 * The revocation asks for a client-credentials token but names no scope (wire facts §2.7): the token of
 * the call log's scope is used, which every client holds.
 */
export const REVOKE_TOKEN_SCOPE = operation('devWagesGet').scope;
