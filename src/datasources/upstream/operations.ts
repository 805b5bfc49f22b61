/**
 * The operations catalog: every upstream operation of the specification, and the operations of the
 * same groups that the documented wire facts add, with the facts the client,
 * the sandbox, the tests and the docs all read. `origin` says where each entry's facts come from:
 * `spec` (stated in full by the specification), `wire` (scope and grant from the documented wire facts,
 * and the path too for the few operations the specification does not list) or `designed` (not documented
 * anywhere; chosen the way the upstream names its other operations, and recorded in `notes`).
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
  readonly summary: string;
  readonly notes?: string;
}

type Entry = Omit<OperationSpec, 'retrySafe'> & Partial<Pick<OperationSpec, 'retrySafe'>>;

function op<const Id extends string>(entry: Entry & { id: Id }): OperationSpec & { readonly id: Id } {
  return {
    ...entry,
    retrySafe: entry.retrySafe ?? entry.method === 'GET',
  };
}

const base = (group: UpstreamGroup, rest: string) => `/${group}/v2/clients/{clientId}/${rest}`;

/** The Sayad actions' refusals, undocumented upstream; the sandbox answers these and the subgraph reads them. */
/**
 * The answer to a reused trackId. The wire facts only say never to send one twice (§3.5); the sandbox's
 * answer is designed, and the subgraph relies on it to recover an action sent before its store lost it.
 */
const DUPLICATE_TRACK_ID =
  'Designed: a trackId that reached the upstream before, by any operation and whatever its answer, is refused with 400 ' +
  "`VALIDATION_ERROR` and the message `duplicate trackId`, before the token or the body is looked at; the first call's " +
  'record is untouched.';

const SAYAD_REFUSALS =
  'Designed refusals, 400 `VALIDATION_ERROR` with the message `cheque already issued`, `cheque not found`, `cheque is not ' +
  'transferable in its current state`, `cheque is not awaiting acceptance`, `cheque can no longer be cancelled`, `holder is not the ' +
  'holder of the cheque`, `acceptor is not a receiver of the cheque`, `canceller is not the drawer of the cheque`, or `invalid ' +
  "<field>` (a Shahab code that is not the person's makes its party invalid). There is no inquiry of an action by trackId: an " +
  'unclear answer is resolved through the call log (`devWagesGet`). ' +
  DUPLICATE_TRACK_ID +
  ' The subgraph reads that refusal ' +
  'as "this action reached the upstream before" and answers its outcome from the call log.';

const catalog = [
  // §4.1 bills, shown in full.
  op({
    id: 'billingInquiryRequestSubmit',
    group: 'billing',
    method: 'POST',
    path: base('billing', 'billingInquiryRequest'),
    scope: 'billing:billing-inquiry-request:post',
    grant: 'client_credentials',
    origin: 'spec',
    summary: 'Submit an asynchronous bill inquiry; returns a requestId in state PENDING.',
  }),
  op({
    id: 'billingInquiryStatusPoll',
    group: 'billing',
    method: 'POST',
    path: base('billing', 'billingInquiryStatus'),
    scope: 'billing:billing-inquiry-status:post',
    grant: 'client_credentials',
    origin: 'spec',
    retrySafe: true,
    summary: 'Read the state of an asynchronous bill inquiry by requestId.',
  }),
  op({
    id: 'billingInquiryCcGet',
    group: 'billing',
    method: 'GET',
    path: base('billing', 'billingInquiry'),
    scope: 'billing:cc-inquiry:get',
    grant: 'client_credentials',
    origin: 'spec',
    summary: 'Synchronous bill inquiry for the nine bill types.',
  }),
  op({
    id: 'billingDetailInquiryCcGet',
    group: 'billing',
    method: 'GET',
    path: base('billing', 'detailBillingInquiry'),
    scope: 'billing:cc-inquiry-detail:get',
    grant: 'client_credentials',
    origin: 'spec',
    summary: 'Detailed bill inquiry (water, electricity, backup electricity, gas) with its Info block.',
  }),
  op({
    id: 'billingBillHistoryInquiryGet',
    group: 'billing',
    method: 'GET',
    path: base('billing', 'billHistoryInquiry'),
    scope: 'billing:bill-history-inquiry:get',
    grant: 'client_credentials',
    origin: 'designed',
    summary: 'History of the past bills of one subscription.',
    notes:
      'Scope, parameters and response are documented nowhere. Designed like its siblings: query `type` and ' +
      '`parameter` as in billingInquiry (water, electricity, gas); result `{ BillId, Items: [{ Amount, BillId, ' +
      'PayId, Date, PaymentDate }] }` with capitalised keys, numeric strings and Jalali `YYYY/MM/DD` dates ' +
      '(`PaymentDate` empty while unpaid).',
  }),
  op({
    id: 'billingNegativeScoreGet',
    group: 'billing',
    method: 'GET',
    path: base('billing', 'negativeScore'),
    scope: 'billing:cc-negative-score:get',
    grant: 'client_credentials',
    origin: 'spec',
    summary: 'Driving-licence negative points.',
    notes:
      'Query `licenseNumber` (10 digits), `nationalID`, `mobile`; result `LicenseNumber`, `NegativeScore`, `OffenseCount`, `Rule` (wire facts §4.5).',
  }),
  op({
    id: 'billingDrivingOffenseGet',
    group: 'billing',
    method: 'GET',
    path: base('billing', 'drivingOffense'),
    scope: 'billing:driving-offense-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Car traffic offenses of a plate.',
    notes:
      "Query `version=2`, `mobile`, `nationalID`, `plateNumber` (9 digits), all required and the owner's. Result `{ Bills: [{ id, type, description, code, price, city, location, date (Jalali `YYYY/MM/DD - HH:mm`), serial, dataValue, barcode, license, billId, paymentId, normalizedDate (Gregorian `YYYY-MM-DD HH:mm:ss`), isPayable, policemanCode, hasImage }], TotalAmount }` (wire facts §4.5). Anyone but the plate's owner (or a mobile not the owner's) is refused with 400 `VALIDATION_ERROR` (designed: the sources do not say how the upstream refuses). The sandbox's offense ids are the plate and a 3-digit serial.",
  }),
  op({
    id: 'billingRidingOffenseGet',
    group: 'billing',
    method: 'GET',
    path: base('billing', 'ridingOffense'),
    scope: 'billing:riding-offense-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Motorcycle traffic offenses of a plate.',
    notes:
      "Query `plateNumber` (8 digits; encoding undocumented, only the length is checked), `nationalID`, `mobile` of the owner. Result one object `{ Amount, BillID, PaymentID, ComplaintCode, ComplaintStatus, PlateNumber }` (wire facts §4.5); a motorcycle without fines is designed as `Amount: 0` with blank ids. Anyone but the plate's owner (or a mobile not the owner's) is refused with 400 `VALIDATION_ERROR` (designed: the sources do not say how the upstream refuses).",
  }),
  op({
    id: 'billingTrafficOffenseImageGet',
    group: 'billing',
    method: 'GET',
    path: base('billing', 'trafficOffenseImage'),
    scope: 'billing:traffic-offense-image:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Camera image of a traffic offense.',
    notes:
      "Query `offenseId` (an offense's `id` with `hasImage`). Result `{ OffenseId, PlateImageUrl, VehicleImageUrl }` (wire facts §4.5). An offense without an image is designed as 404 `NOT_FOUND`; the subgraph asks only for offenses with `hasImage`.",
  }),

  // §4.2 operations with path, scope and grant.
  op({
    id: 'kycCompareLiveVideoWithNationalCardPost',
    group: 'kyc',
    method: 'POST',
    path: base('kyc', 'compareLiveVideoWithNationalCard'),
    scope: 'kyc:compare-live-video-with-national-card-image:post',
    grant: 'client_credentials',
    origin: 'spec',
    retrySafe: true,
    summary: 'Compare a live video (at most 5 MB) with the national card photo.',
  }),
  op({
    id: 'credit_v2_clients_clientId_sms_sayadTransfersChainInquiry_post_inquiry_post',
    group: 'credit',
    method: 'POST',
    path: base('credit', 'sms/sayadTransfersChainInquiry'),
    scope: 'credit:sms-sayad-transfers-chain-inquiry:post',
    grant: 'authorization_sms',
    origin: 'spec',
    retrySafe: true,
    summary: 'Identity records of the persons in a Sayad cheque transfer chain.',
    notes:
      'Designed (no source shows the payload): body `sayadId`, `chequeType`, `nationalCode` (the consenting person, who must be involved in the cheque; 404 otherwise). Result `{ sayadId, chain: [{ idCode, idType, name, role (DRAWER, RECEIVER, TRANSFEREE), step, date (Jalali YYYYMMDDHHmmss) }] }`, the drawers first.',
  }),
  op({
    id: 'kycTransactionCreditInquiryRequestGet',
    group: 'kyc',
    method: 'GET',
    path: base('kyc', 'transactionCreditInquiryRequest'),
    scope: 'kyc:transaction-credit-inquiry-request:get',
    grant: 'client_credentials',
    origin: 'spec',
    retrySafe: false,
    summary: 'Step 1 of the transaction credit inquiry: sends the person an OTP.',
  }),
  op({
    id: 'credit_v2_clients_clientId_assessmentInquiry_get_inquiry_get',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'assessmentInquiry'),
    scope: 'credit:assessment-inquiry:get',
    grant: 'authorization_sms',
    origin: 'spec',
    summary: 'Step 2 of the credit report: fetch the report by assessmentId.',
  }),
  op({
    id: 'credit_v2_clients_clientId_assessmentSubmit_json_post_submit_post',
    group: 'credit',
    method: 'POST',
    path: base('credit', 'assessmentSubmit/json'),
    scope: 'credit:assessment-submit-json:post',
    grant: 'authorization_sms',
    origin: 'spec',
    summary: 'Step 1 of the credit report (JSON): returns a report id.',
  }),
  op({
    id: 'credit_v2_clients_clientId_assessmentSubmit_pdf_post_submit_post',
    group: 'credit',
    method: 'POST',
    path: base('credit', 'assessmentSubmit/pdf'),
    scope: 'credit:assessment-submit-pdf:post',
    grant: 'authorization_sms',
    origin: 'spec',
    summary: 'Step 1 of the credit report (PDF): returns a report id.',
  }),
  op({
    id: 'credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post',
    group: 'credit',
    method: 'POST',
    path: base('credit', 'sms/sayadTransferCheque'),
    scope: 'credit:sms-sayad-transfer-cheque:post',
    grant: 'authorization_sms',
    origin: 'spec',
    summary: 'Transfer or give back a Sayad cheque, confirmed by SMS.',
    notes:
      "As `creditAcSayadTransferChequePost`, under the holder's SMS consent (responseCode `FN-CTFH-20002600000`, from a client library; wire facts §4.8).",
  }),
  op({
    id: 'credit_v2_clients_clientId_users_user_facilityInquiry_get_inquiry_get',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'users/{user}/facilityInquiry'),
    scope: 'credit:facility-inquiry:get',
    grant: 'client_credentials',
    origin: 'spec',
    summary: 'Facilities of a legal entity.',
    notes:
      'Path `user`: 11-digit legal id (the wire facts also show 10-digit national ids). Result (amounts strings, rials): `user` ' +
      '(`nid` in older typings), `legalId`, `name`, `facilityTotalAmount`, `facilityDebtTotalAmount`, ' +
      '`facilityPastExpiredTotalAmount`, `facilityDeferredTotalAmount`, `facilitySuspiciousTotalAmount`, `dishonored` (blank when ' +
      'clean), `facilityList[]` read from the lower-camel block (`bankCode`, `branchCode`, `branchDescription`, `pastExpiredAmount`, ' +
      '`deferredAmount`, `suspiciousAmount`, `debtorTotalAmount`, `type`, `amountOrginal`, `benefitAmount`) or else the PascalCase ' +
      'block (`FacilityBankCode`, `FacilityBranchCode`, `FacilityBranch`, `FacilityRequestNo`, `FacilityRequestType`, ' +
      '`FacilityCurrencyCode`, `Facility*Amount`, `FacilityType` 10–26, `FacilityStatus`, `FacilityAmountOrginal`, ' +
      '`FacilityBenefitAmount`, `FacilityAmountObligation`, `FacilitySetDate`/`FacilityEndDate` Jalali `YYYYMMDD`). Bank codes may ' +
      'lack leading zeros (`62`). No loans: DONE with `result: { result: 120, user, message }` (wire facts §4.7).',
  }),
  op({
    id: 'credit_v2_clients_clientId_users_user_backChequesLegal_get_legal_get',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'users/{user}/backChequesLegal'),
    scope: 'credit:back-cheques-legal:get',
    grant: 'client_credentials',
    origin: 'spec',
    summary: 'Bounced cheques of a legal entity.',
    notes:
      'Designed from the spec row and the person endpoint: path `user` = 11-digit legal id; result `{ nid: null, legalId, name, ' +
      'chequeList[] }` with `chequeList[]` {`accountNumber`, `amount` (number or string), `backDate`, `bankCode`, `branchCode`, ' +
      '`branchDescription`, `date`, `id`, `number`}, dates Jalali `YYYYMMDD`. None: DONE with `result: { result: 110, user, message ' +
      '}` (wire facts §4.7).',
  }),
  op({
    id: 'kycSmsTaxInquiryGet',
    group: 'kyc',
    method: 'GET',
    path: base('kyc', 'sms/taxInquiry'),
    scope: 'kyc:sms-tax-Inquiry:get',
    grant: 'authorization_sms',
    origin: 'spec',
    summary: 'Tax debts of a person, confirmed by SMS.',
    notes:
      'Wire names beyond "national id in, national id and an array of tax debts out" are documented nowhere. Designed like ' +
      'its kyc siblings: query `nationalCode` (10 digits, the SMS token owner); result `{ nationalCode, debts: [{ taxType, ' +
      'period, amount, dueDate, status }] }` with `taxType` the tax as the upstream words it (Persian), `period` the Jalali ' +
      'tax year (`YYYY`), `amount` rials as a string of digits, `dueDate` Jalali `YYYY/MM/DD`, `status` `UNPAID`, `OVERDUE` ' +
      'or `INSTALLMENT`; `debts: []` when the person owes nothing.',
  }),
  op({
    id: 'credit_v2_clients_clientId_sms_chequeStatusInquiry_post_inquiry_post',
    group: 'credit',
    method: 'POST',
    path: base('credit', 'sms/chequeStatusInquiry'),
    scope: 'credit:sms-cheque-status-inquiry:post',
    grant: 'authorization_sms',
    origin: 'spec',
    retrySafe: true,
    summary: 'Status of a Sayad cheque and the customers drawn on it.',
    notes:
      "Designed from the specification's description: body `sayadId`, `nationalCode` (the consenting person, involved in the cheque; 404 otherwise). Result `{ sayadId, onGoing (awaiting an acceptance), chequeStatus, customers: [{ idCode, idType, name }] }`, the customers being the drawers.",
  }),
  op({
    id: 'vehicleVehicleInfoInquiryGet',
    group: 'vehicle',
    method: 'GET',
    path: base('vehicle', 'vehicleInfoInquiry'),
    scope: 'vehicle:vehicle-info-inquiry:get',
    grant: 'client_credentials',
    origin: 'spec',
    summary: 'Vehicle information and insurance by plate.',
    notes:
      "Query `nationalId` (the owner's), `plateNumber`. Result all strings but `insuranceCompanyCode` (number): registry fields (`systemNameByNaja`, `tipByNaja`, `modelByNaja`, colours, `axelNo`, `wheelNo`, `capacity`, `cylinderNo`, `vin`, `engineNumber`, `chassisNumber`, `plateInstallDate`), the insurer's names and codes, the policy (`insuranceUniqueCode`, `insurancePrintNumber`, `beginDate`/`endDate` Jalali `YYYY/MM/DD`) and claim-free discounts (wire facts §4.5). Anyone but the plate's owner (or a mobile not the owner's) is refused with 400 `VALIDATION_ERROR` (designed: the sources do not say how the upstream refuses).",
  }),
  op({
    id: 'facilityDepositToIbanGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'depositToIban'),
    scope: 'facility:cc-deposit-iban:get',
    grant: 'client_credentials',
    origin: 'spec',
    summary: 'Account number to IBAN, with account status and holders.',
  }),
  op({
    id: 'kybCorporateJournalGet',
    group: 'kyb',
    method: 'GET',
    path: base('kyb', 'corporateJournal'),
    scope: 'kyb:corporate-journal:get',
    grant: 'client_credentials',
    origin: 'spec',
    summary: 'Official gazette notices of a company.',
    notes:
      'Query `companyId` (11-digit legal id). `result` is an array of `{ newsId (int), title, description, companyId, ' +
      'capitalTo (number, rials after a capital change, else null), newspaperDate, newsletterDate (Jalali `YYYY/MM/DD`), ' +
      'newspaperNumber, newspaperCity, pageNumber (int), indicatorNumber }` (wire facts §4.6); an empty array when the company has none.',
  }),
  op({
    id: 'kycCcSanaInquiryGet',
    group: 'kyc',
    method: 'GET',
    path: base('kyc', 'cc/sanaInquiry'),
    scope: 'kyc:cc-sana-inquiry:get',
    grant: 'client_credentials',
    origin: 'spec',
    summary: 'Sana (judiciary e-services) registration of a person.',
    notes:
      'Wire names documented nowhere beyond the main inputs and outputs. Designed: query `nationalCode` and ' +
      '`identificationCodeType` (`1` for an Iranian national id); result `{ registered: boolean, message: string }`.',
  }),
  op({
    id: 'vehicleTrafficTollInquiryGet',
    group: 'vehicle',
    method: 'GET',
    path: base('vehicle', 'trafficTollInquiry'),
    scope: 'vehicle:traffic-toll-inquiry:get',
    grant: 'client_credentials',
    origin: 'spec',
    summary: 'Traffic-zone tolls of a plate.',
    notes:
      "Query `plateNumber`, `mobile`, `nationalId` of the owner. Result `{ plateNumber (display text), bills: [{ amount, fee, date (Gregorian `MM/DD/YYYY HH:mm:ss`), paymentStatus (`Unpaid`, `Paid`), totalAmount, uniqueId }] }` (wire facts §4.5). Anyone but the plate's owner (or a mobile not the owner's) is refused with 400 `VALIDATION_ERROR` (designed: the sources do not say how the upstream refuses).",
  }),
  op({
    id: 'oakTransferToDepositPost',
    group: 'oak',
    method: 'POST',
    path: base('oak', 'transferTo'),
    scope: 'oak:transfer-to:execute',
    grant: 'authorization_code',
    origin: 'spec',
    summary: 'Move money from a verified source account (internal, Paya or Satna).',
    notes:
      'Never retried: a timeout or HTTP 408 leaves the outcome unknown (wire facts §3.2, §5). ' +
      DUPLICATE_TRACK_ID +
      ' The subgraph reads that refusal as "this transfer reached the upstream before" and answers its outcome from the transfer inquiry.',
  }),

  op({
    id: 'oakTransferInquiryGet',
    group: 'oak',
    method: 'GET',
    path: base('oak', 'transferInquiry'),
    scope: 'oak:inquiry-transfer:get',
    grant: 'client_credentials',
    origin: 'wire',
    retrySafe: true,
    summary: 'Where a transfer stands, by the trackId it was sent with.',
    notes:
      'Query `inquiryTrackId` (the trackId of the transfer). Result `{ transferStatus, transactionAmount, sourceNumber, ' +
      'destinationNumber, inquiryDate, inquiryTime, inquirySequence, transferTrackId }` (wire facts §4.9, from a client library; the ' +
      'scope is written `oak_inquiry-transfer:get` there, read as `oak:inquiry-transfer:get`). Designed: it runs under client ' +
      'credentials (the client asks about its own transfers, also after the consent is gone), `transferStatus` `DONE` for an applied ' +
      'transfer, and 404 `NOT_FOUND` when no transfer arrived with that trackId, which is final only after a settling time.',
  }),

  op({
    id: 'creditSmsSayadAcceptChequePost',
    group: 'credit',
    method: 'POST',
    path: base('credit', 'users/{user}/sms/sayadAcceptCheque'),
    scope: 'credit:sms-sayad-accept-cheque:post',
    grant: 'authorization_sms',
    origin: 'wire',
    summary: 'Accept or reject a Sayad cheque issued or transferred to the person, confirmed by SMS.',
    notes:
      'trackId mandatory. Path `user`: the receiver. Body `sayadId`, `accept` (`"1"` accept, `"0"` reject), `acceptDescription` ' +
      '(Persian letters only), `acceptor` `{ idCode, shahabId, idType }`, `acceptorAgent` (same shape, for a representative). Result ' +
      '`{ message, referenceId }` (wire facts §4.8). ' +
      SAYAD_REFUSALS,
  }),
  op({
    id: 'creditSmsSayadCancelChequePost',
    group: 'credit',
    method: 'POST',
    path: base('credit', 'users/{user}/sms/sayadCancelCheque'),
    scope: 'credit:sms-sayad-cancel-cheque:post',
    grant: 'authorization_sms',
    origin: 'wire',
    summary: 'Cancel a Sayad cheque, confirmed by SMS.',
    notes:
      'trackId mandatory. Path `user`: the canceller. Body `sayadId`, `cancelDescription` (Persian only), `canceller` ' +
      '`{ idCode, shahabId, idType }`, `cancellerAgent` (optional). Result `{ message, referenceId }` (wire facts §4.8). Designed: ' +
      'the drawer may cancel while no receiver has accepted the cheque. ' +
      SAYAD_REFUSALS,
  }),
  op({
    id: 'creditSmsSayadChequeInquiryGet',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'users/{user}/sms/sayadChequeInquiry'),
    scope: 'credit:sms-sayady-cheque-inquiry:get',
    grant: 'authorization_sms',
    origin: 'wire',
    summary: 'A Sayad cheque as its holder sees it, confirmed by SMS.',
    notes:
      'Scope spelled `sayady` as documented. Query `sayadId`, `idType`, optional `idCode`, `shahabId`. Result `message`, ' +
      '`referenceId`, `sayadId`, `branchCode`, `bankCode`, `amount` (number), `dueDate` (`YYYYMMDD`), `description`, `serialNo`, ' +
      '`seriesNo`, `fromIban`, `reason`, `currency`, `chequeStatus` (1 issued … 8 awaiting acceptance of a transfer), `chequeType`, ' +
      '`chequeMedia`, `blockStatus`, `guaranteeStatus`, `locked`, `holders[] { idCode, idType, name }`, `signers[] { name, legalStamp }`, ' +
      '`issueDate` (`YYYYMMDDHHmmss`), `toIban` (wire facts §4.8).',
  }),

  op({
    id: 'creditCcSayadIssuerInquiryChequePost',
    group: 'credit',
    method: 'POST',
    path: base('credit', 'users/{user}/sayadIssuerInquiryCheque'),
    scope: 'credit:cc-sayad-issuer-inquiry-cheque:post',
    grant: 'client_credentials',
    origin: 'wire',
    retrySafe: true,
    summary: 'A Sayad cheque as its drawer sees it, under client credentials: where it stands and who receives it.',
    notes:
      'trackId mandatory. Path `user`: the drawer. Body `sayadId`, `callerBranchCode` (optional), `customerAuthStatus` (0–4; ' +
      'services not in person count as at least 2), `idCode`, `shahabId`, `idType`. Result `{ referenceId, inquiryResult: { sayadId, ' +
      'branchCode, bankCode, amount, dueDate, description, serialNo, seriesNo, fromIban, reason, currency, chequeStatus, chequeType, ' +
      'chequeMedia, blockStatus, guaranteeStatus, locked, receivers[] { idCode, idType, name }, issueDate } }` (wire facts §4.8). ' +
      'Designed: `receivers` are the receivers awaited while the cheque awaits acceptance, else its holders; 404 for a cheque the ' +
      'person did not draw.',
  }),

  op({
    id: 'creditSayadSerialInquiryGet',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'sayadSerialInquiry'),
    scope: 'credit:sayad-serial-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'The leaf of a Sayad cheque: its account, series and serial numbers, by Sayad id.',
    notes:
      'Query `sayadId` (16 digits). Result `{ iban, issuedDate, expirationDate (may be the string "null"), serialNo, seriesNo, ' +
      'mediaType, branchCode, name (the chequebook holder), returnedCheques }` (wire facts §4.8). Designed: client credentials, as ' +
      'its sibling `sayadIdBySerial`; dates Jalali `YYYYMMDD`; an unknown Sayad id is 404 `NOT_FOUND`.',
  }),
  op({
    id: 'devWagesGet',
    group: 'dev',
    method: 'GET',
    path: base('dev', 'wages'),
    scope: 'boomrang:wages:get',
    grant: 'client_credentials',
    origin: 'wire',
    trackIdNamesAnotherCall: true,
    summary: "The client's call log: each call's last status by its trackId.",
    notes:
      'Query `trackId` (one call), or `fromDate`, `toDate` (`YYYYMMDD[hhmmss]`), `status`, `limit`, `offset`. Result `{ wages[] { ' +
      'trackId, status (PENDING, FAILED, DONE, UNKNOWN), amount (the fee), transactionAmount, tariffName, scopeName, serviceName, ' +
      'uid, date (YYYYMMDDHHMMSS), deposit }, total }` (wire facts §2.7); a scope every client holds. Used to learn whether an action ' +
      'with no inquiry of its own (a Sayad cheque action) was applied. Designed: `DONE` when the operation took effect, `FAILED` ' +
      'when it was refused or never reached its service, `PENDING` while it runs; a trackId that never arrived is an empty `wages`.',
  }),

  // §4.3 operations known by path; scope and grant from the wire facts, or designed where none is documented.
  op({
    id: 'creditAcSayadIssueChequePost',
    group: 'credit',
    method: 'POST',
    path: base('credit', 'ac/sayadIssueCheque'),
    scope: 'credit:ac-sayad-issue-cheque:post',
    grant: 'authorization_code',
    origin: 'wire',
    summary: 'Issue a Sayad cheque.',
    notes:
      "trackId mandatory; the token is the drawer's. Body `accountOwners[]`, `receivers[]`, `signers[] { signer, legalStamp }`, `sayadId` (16 digits), `seriesNo`, `serialNo`, `fromIban`, `amount` (string, rials), `description`, `dueDate` (Jalali `YYYYMMDD`), `toIban` (optional), `bankCode`, `branchCode`, `chequeType` (1–4), `chequeMedia` (1 paper, 2 digital), `reason` (purpose code such as `GPPC`); a person is `{ name, idCode, shahabId, idType }` (idType 1 natural with its 16-digit Shahab code, 2 legal). Result `{ message, referenceId }` (wire facts §4.8). The cheque then awaits its receivers' acceptance (`chequeStatus` 7). The leaf's `seriesNo`, `serialNo`, `fromIban` and `branchCode` are read from `creditSayadSerialInquiryGet`, `bankCode` from the IBAN. " +
      SAYAD_REFUSALS,
  }),
  op({
    id: 'creditAcSayadTransferChequePost',
    group: 'credit',
    method: 'POST',
    path: base('credit', 'ac/sayadTransferCheque'),
    scope: 'credit:ac-sayad-transfer-cheque:post',
    grant: 'authorization_code',
    origin: 'wire',
    summary: 'Transfer a Sayad cheque.',
    notes:
      'trackId mandatory; the token is the holder\'s. Body `holder`, `receivers[]`, `signers[]`, `sayadId`, `toIban` (optional), `transferDate`, `description`, `reason`, `giveBack` (`"1"` back to the drawer), `acceptTransfer`; a person is `{ name, idCode, shahabId, idType }` (idType 1 natural with its 16-digit Shahab code, 2 legal). Result `{ message, referenceId, resultCode }` (1 transferred, 2 registered awaiting the receivers, 3 an approval registered, 4 completed, 5 cancelled) (wire facts §4.8). The cheque then awaits the new receivers (`chequeStatus` 8). Designed: `transferDate` is the Jalali `YYYYMMDDHHmmss` Tehran time of the request, and `acceptTransfer` is sent as `"1"`, as in the documented sample. ' +
      SAYAD_REFUSALS,
  }),
  op({
    id: 'creditChequebookInquiryGet',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'chequebookInquiry'),
    scope: 'credit:chequebook-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Sayad chequebooks of an account.',
    notes:
      'Query `deposit` (account number in its bank\'s format). Result `chequeDetails[] { accountNo, branchCode, branchName, approvedDate (YYYY/MM/DD), customerName, nationalCode, expireDate (YYYYMMDD), isABunch ("true"/"false"), issuanceDate, mediaType (BANS, CHD, CHS, CHT), serialNoFrom, serialNoTo, serialNumbers (one comma-separated string of Sayad ids), iban, sheetCount (string), stateDescription }` (wire facts §4.8).',
  }),
  op({
    id: 'creditCcAssessmentSubmitJsonPost',
    group: 'credit',
    method: 'POST',
    path: base('credit', 'ccAssessmentSubmit/json'),
    scope: 'credit:cc-assessment-submit-json:post',
    grant: 'client_credentials',
    origin: 'designed',
    summary: 'Step 1 of the credit report under client credential.',
    notes:
      'Scope documented nowhere; named after the SMS variant with the `cc-` prefix the upstream uses for client-credential variants.',
  }),
  op({
    id: 'facilityNationalCardImageGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'nationalCardImage'),
    scope: 'facility:national-card-image:get',
    grant: 'client_credentials',
    origin: 'designed',
    summary: 'Image of a national card.',
    notes:
      'Scope and payload documented nowhere. Scope named in the upstream pattern `product:kebab-name:verb`. Designed like ' +
      'the other identity inquiries: query `nationalCode` (10 digits) and `birthDate` (Jalali `YYYY/MM/DD`); result ' +
      '`{ nationalCode, image, contentType }` with `image` the card photo as standard base64 (no `data:` prefix) and ' +
      '`contentType` `"image/jpeg"`; a birth date that is not the person\'s is a 400 VALIDATION_ERROR.',
  }),
  op({
    id: 'facilityCcNidInquiryGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'users/{nid}/cc/nidInquiry'),
    scope: 'facility:cc-nid-inquiry:get',
    grant: 'client_credentials',
    origin: 'designed',
    summary: 'National id inquiry (client credential).',
    notes:
      'Scope and payload documented nowhere. Scope named in the upstream pattern with the `cc-` prefix; query ' +
      '`birthDate` (Jalali `YYYY/MM/DD`); result shaped like identificationInquiry (`nationalId`, `firstName`, ' +
      '`lastName`, `fatherName`, `birthDate`, `gender`, `deathStatus`, `identityNo`, `identitySeri`, ' +
      "`identitySerial`, `officeName`, `trackingCode`); a birth date that is not the person's is a 400 VALIDATION_ERROR.",
  }),
  op({
    id: 'facilitySmsNidInquiryGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'users/{nid}/sms/nidInquiry'),
    scope: 'facility:sms-nid-inquiry:get',
    grant: 'authorization_sms',
    origin: 'designed',
    summary: 'National id inquiry (SMS-confirmed).',
    notes:
      'Scope and payload documented nowhere; scope named with the `sms-` prefix, payload as the client-credential variant.',
  }),
  op({
    id: 'facilityCardToDepositGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'cardToDeposit'),
    scope: 'facility:card-to-deposit:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Card number to account number.',
  }),
  op({
    id: 'facilityCardToIbanGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'cardToIban'),
    scope: 'facility:card-to-iban:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Card number to IBAN.',
  }),
  op({
    id: 'facilityDepositInfoGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'depositInfo'),
    scope: 'facility:deposit-information:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Account inquiry.',
  }),
  op({
    id: 'kybAuthorizedSignatoriesGet',
    group: 'kyb',
    method: 'GET',
    path: base('kyb', 'authorizedSignatories'),
    scope: 'kyb:authorized-signatories:get',
    grant: 'client_credentials',
    origin: 'designed',
    summary: 'Authorized signatories of a company.',
    notes:
      'Path and grant documented (client credential); scope not, so named in the upstream pattern. Query `companyId`. ' +
      'Result (wire facts §4.6): `newsId` (number or string), `companyTitle`, `signatureItemFullText`, `allowedTopics` (array or ' +
      'one string), `newspaperDate`, `newsletterDate`, `lastNewspaperDate` (Jalali `YYYY/MM/DD`), `signholdersStatus` with ' +
      '`obligatorySignature`, `normalSignature`, `obligatoryAndNormalSignature`, each `{ holders: [{ name, title, nationalId, ' +
      'obligatoryStatus, normalStatus }], relationships: [] }`, and `boardMembers[]` as in `kybBoardMembersGet` (with `mobile`).',
  }),
  op({
    id: 'kybBoardMembersGet',
    group: 'kyb',
    method: 'GET',
    path: base('kyb', 'boardMembers'),
    scope: 'kyb:board-members:get',
    grant: 'client_credentials',
    origin: 'designed',
    summary: 'Board members of a company.',
    notes:
      'Scope and payload documented nowhere; scope named in the upstream pattern. Designed: query `companyId`; result ' +
      '`{ companyId, boardMembers: [...] }`, each item shaped like `authorizedSignatories.boardMembers[]`: `{ companyId, company, ' +
      'byNewsId (the appointing gazette notice), nationalId, name, gender, pictureUrl, mobile, privateMobile, email, positionId, ' +
      'title (position), tagline, firstRole, secondRole, startDate, endDate (Jalali `YYYY/MM/DD`), duration (years) }`. Ids may ' +
      'come as numbers. A dissolved company answers its last board.',
  }),
  op({
    id: 'kybCompanyInfoGet',
    group: 'kyb',
    method: 'GET',
    path: base('kyb', 'companyInfo'),
    scope: 'kyb:company-info:get',
    grant: 'client_credentials',
    origin: 'designed',
    summary: 'Company information by legal national id.',
    notes:
      'Path and grant documented (client credential); scope not, so named in the upstream pattern. Query `companyId`. Result ' +
      '(wire facts §4.6): `companyId`, `registrationNo`, `title`, `registrationDate` (Gregorian `YYYY-MM-DDTHH:mm:ss`, Tehran time), ' +
      '`persianRegistrationDate` (Jalali `YYYY/MM/DD`), `capital` (rials), `address`, `postalCode`, `taxNumber`, `lat`, `lng` ' +
      '(numbers), `website`, `tel`, `fax`, `email`, `status` (`فعال`, `منحل شده`, `در حال تصفیه`, …), `edareKol`, `vahedSabti`, ' +
      '`lastUpdate` (Gregorian, Tehran time), `registrationTypeId`, `registrationTypeTitle` (the legal form), `knowledgeBasedState`, ' +
      '`knowledgeBasedCategory`, `knowledgeBasedConfirmationDate` (Jalali; the three null for a company without the standing).',
  }),
  op({
    id: 'oakCcStatementGet',
    group: 'oak',
    method: 'GET',
    path: base('oak', 'deposits/{deposit}/cc/statement'),
    scope: 'oak:cc-statement:get',
    grant: 'client_credentials',
    origin: 'designed',
    summary: 'Account statement (client credential).',
    notes:
      'Scope documented nowhere; named after `oak:statement:get` with the `cc-` prefix of client-credential variants. Designed like ' +
      "the documented statement (wire facts §4.9): path `deposit` in its bank's format, only the client's own accounts (400 " +
      '`invalid deposit` otherwise); query `fromDate`/`toDate` Jalali `YYYYMMDD`, at most 31 days, and `lastRecordNumber` to continue; ' +
      'result with zero-padded amount strings and `C`/`D` signs (`accountCurrentBalance`, `accountAvailableBalance`), ' +
      '`transactionChain` `M` while more than the 100 transactions of an answer remain, `lastRecordNumber`, and `transactions[]` ' +
      '(`recordNumber`, `balance`, `balanceSign`, `transactionAmountCredit`, `transactionAmountDebit`, `transactionDescription`, ' +
      '`fullDate`, `time`, `transactionClass`, `ibanInformationMap`).',
  }),

  // Identity, conversion and postal operations the wire facts document beyond the specification's tables.
  op({
    id: 'mpgCardInformationGet',
    group: 'mpg',
    method: 'GET',
    path: base('mpg', 'cards/{card}'),
    scope: 'card:information:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Card inquiry: holder name and bank of a card.',
    notes: 'Scope is `card:information:get` although the path is under `mpg` (wire facts §4.1).',
  }),
  op({
    id: 'oakIbanInquiryGet',
    group: 'oak',
    method: 'GET',
    path: base('oak', 'ibanInquiry'),
    scope: 'oak:iban-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'IBAN information: owners, account status, bank and account number.',
  }),
  op({
    id: 'facilityGetAccountInfoGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'getAccountInfo'),
    scope: 'facility:account-info:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Account inquiry by account number or IBAN (Ayandeh bank).',
  }),
  op({
    id: 'facilityBanksInfoGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'banksInfo'),
    scope: 'facility:cc-bank-info:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Banks the upstream knows: code, name, card prefix.',
  }),
  op({
    id: 'kycSmsNidVerificationGet',
    group: 'kyc',
    method: 'GET',
    path: base('kyc', 'users/{nid}/sms/nidVerification'),
    scope: 'kyc:sms-nid-verification:get',
    grant: 'authorization_sms',
    origin: 'wire',
    summary: 'Civil-registry match of a person (names, birth date, gender), confirmed by SMS.',
  }),
  op({
    id: 'facilityCcNidVerificationGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'users/{nid}/cc/nidVerification'),
    scope: 'facility:cc-nid-verification:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Civil-registry match of a person (client credential).',
  }),
  op({
    id: 'kycIdentificationInquiryGet',
    group: 'kyc',
    method: 'GET',
    path: base('kyc', 'identificationInquiry'),
    scope: 'kyc:identification-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Civil-registry data of a person by national id and birth date.',
  }),
  op({
    id: 'kycIbanOwnerVerificationGet',
    group: 'kyc',
    method: 'GET',
    path: base('kyc', 'ibanOwnerVerification'),
    scope: 'kyc:iban-owner-verification:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Whether an IBAN belongs to a national id.',
  }),
  op({
    id: 'kycIbanOwnerBirthdateVerificationGet',
    group: 'kyc',
    method: 'GET',
    path: base('kyc', 'ibanOwnerBirthdateVerification'),
    scope: 'kyc:iban-owner-birthdate-verification:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Whether an IBAN belongs to a national id with a birth date.',
  }),
  op({
    id: 'facilityDepositOwnerVerificationGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'depositOwnerVerification'),
    scope: 'facility:deposit-owner-verification:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Whether an account belongs to a national id.',
  }),
  op({
    id: 'kycMilitaryInquiryGet',
    group: 'kyc',
    method: 'GET',
    path: base('kyc', 'militaryInquiry'),
    scope: 'kyc:military-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Military service status of a person.',
  }),
  op({
    id: 'kycDeathStatusInquiryGet',
    group: 'kyc',
    method: 'GET',
    path: base('kyc', 'deathStatusInquiry'),
    scope: 'kyc:death-status-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Whether a person is alive, by national id and birth date.',
  }),
  op({
    id: 'facilityShahkarVerifyGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'shahkar/verify'),
    scope: 'facility:shahkar:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Whether a mobile number is registered to a national id (Shahkar).',
  }),
  op({
    id: 'kycMobileCardVerificationPost',
    group: 'kyc',
    method: 'POST',
    path: base('kyc', 'mobileCardVerification'),
    scope: 'kyc:mobile-card-verification:post',
    grant: 'client_credentials',
    origin: 'wire',
    retrySafe: true,
    summary: 'Whether a card belongs to the owner of a mobile number.',
  }),
  op({
    id: 'kycCardOwnerVerificationPost',
    group: 'kyc',
    method: 'POST',
    path: base('kyc', 'cardOwnerVerification'),
    scope: 'kyc:card-owner-verification:post',
    grant: 'client_credentials',
    origin: 'wire',
    retrySafe: true,
    summary: 'Whether a card belongs to a national id.',
  }),
  op({
    id: 'kycOcrPost',
    group: 'kyc',
    method: 'POST',
    path: base('kyc', 'ocr'),
    scope: 'kyc:ocr-verification:post',
    grant: 'client_credentials',
    origin: 'wire',
    retrySafe: true,
    summary: 'OCR of the front or back of a national card (multipart, JPG).',
  }),
  op({
    id: 'kycCompareVideoWithNationalCardImagePost',
    group: 'kyc',
    method: 'POST',
    path: base('kyc', 'compareVideoWithNationalCardImage'),
    scope: 'kyc:compare-video-with-national-card-image:post',
    grant: 'client_credentials',
    origin: 'wire',
    retrySafe: true,
    summary: 'Compare a recorded video (at most 5 MB) with the national card photo, without liveness (multipart).',
  }),
  op({
    id: 'kycCompareLiveImageWithNationalCardPost',
    group: 'kyc',
    method: 'POST',
    path: base('kyc', 'compareLiveImageWithNationalCard'),
    scope: 'kyc:compare-live-image-with-national-card-image:post',
    grant: 'client_credentials',
    origin: 'wire',
    retrySafe: true,
    summary: 'Compare a photo of a person with their national card photo, against an optional threshold (multipart).',
  }),
  op({
    id: 'kycCompareTwoImagesPost',
    group: 'kyc',
    method: 'POST',
    path: base('kyc', 'compareTwoImages'),
    scope: 'kyc:compare-two-images:post',
    grant: 'client_credentials',
    origin: 'wire',
    retrySafe: true,
    summary: 'Whether two photos show the same face, against an optional threshold (multipart).',
  }),
  op({
    id: 'oakShahabInquiryGet',
    group: 'oak',
    method: 'GET',
    path: base('oak', 'users/{nid}/shahabInquiry'),
    scope: 'oak:shahab-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Shahab code of a person.',
  }),
  op({
    id: 'oakSmsShahabInquiryGet',
    group: 'oak',
    method: 'GET',
    path: base('oak', 'users/{nid}/sms/shahabInquiry'),
    scope: 'oak:sms-shahab-inquiry:get',
    grant: 'authorization_sms',
    origin: 'wire',
    summary: 'Shahab code of a person, confirmed by SMS.',
  }),
  op({
    id: 'oakBlacklistInquiryGet',
    group: 'oak',
    method: 'GET',
    path: base('oak', 'blacklistInquiry'),
    scope: 'oak:blacklist-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Whether a person is on the central bank blacklist.',
  }),
  op({
    id: 'kycPassportInquiryPost',
    group: 'kyc',
    method: 'POST',
    path: base('kyc', 'passportInquiry'),
    scope: 'kyc:passport-inquiry:post',
    grant: 'client_credentials',
    origin: 'wire',
    retrySafe: true,
    summary: 'Passport of a person.',
  }),
  op({
    id: 'ecityPostalCodeGet',
    group: 'ecity',
    method: 'GET',
    path: base('ecity', 'postalCode'),
    scope: 'ecity:cc-postal-code-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Address of a 10-digit postal code.',
  }),
  op({
    id: 'ecityPostalCodeCoordinatesGet',
    group: 'ecity',
    method: 'GET',
    path: base('ecity', 'postalCodeCoordinates'),
    scope: 'ecity:cc-postal-code-coordinates:get',
    grant: 'client_credentials',
    origin: 'designed',
    summary: 'Geographic coordinates of a postal code.',
    notes:
      'Documented nowhere. Designed as a sibling of postalCode: query `postalCode`; result `{ postalCode, lat, lng }` with decimal degrees as numbers.',
  }),
  op({
    id: 'ecityParcelTrackingGet',
    group: 'ecity',
    method: 'GET',
    path: base('ecity', 'parcelTracking'),
    scope: 'ecity:parcel-tracking:get',
    grant: 'client_credentials',
    origin: 'designed',
    summary: 'Tracking of a postal parcel.',
    notes:
      'Documented nowhere. Designed in the postal group: query `trackingCode` (20 to 24 digits, as the Iranian post prints them); ' +
      'result `{ trackingCode, status, events: [{ date: "YYYY/MM/DD HH:mm", location, description }] }`, newest event first.',
  }),
  op({
    id: 'facilityShahkarSmsSendGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'shahkar/smsSend'),
    scope: 'facility:sms-shahkar-send:get',
    grant: 'client_credentials',
    origin: 'wire',
    retrySafe: false,
    summary: 'Shahkar by SMS, step 1: texts a one-time code to the mobile of a national id.',
    notes: 'Sends an SMS, so it is never sent twice. The trackId of this call is the `otpTrackId` of step 2.',
  }),
  op({
    id: 'facilityShahkarSmsVerifyGet',
    group: 'facility',
    method: 'GET',
    path: base('facility', 'shahkar/smsVerify'),
    scope: 'facility:sms-shahkar-verification:get',
    grant: 'client_credentials',
    origin: 'wire',
    retrySafe: false,
    summary: 'Shahkar by SMS, step 2: whether the code the person received matches, proving the mobile is theirs.',
  }),
  // Vehicle, company and credit operations the wire facts document beyond the specification's tables.
  op({
    id: 'vehiclePlateNumberHistoryGet',
    group: 'vehicle',
    method: 'GET',
    path: base('vehicle', 'plateNumberHistory'),
    scope: 'vehicle:plate-number-history:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Vehicles a plate has been installed on.',
    notes:
      "Query `nationalId` (the owner's), `plateNumber`. Result `{ plateHistory: [{ vehicleSystem, vehicleType, installDate, detachDate (blank while installed), vehicleModel }], plateStatus, tracePlate }`, dates Jalali `YYYY/MM/DD` (wire facts §4.5). Anyone but the plate's owner (or a mobile not the owner's) is refused with 400 `VALIDATION_ERROR` (designed: the sources do not say how the upstream refuses).",
  }),
  op({
    id: 'vehicleActivePlateNumbersGet',
    group: 'vehicle',
    method: 'GET',
    path: base('vehicle', 'activePlateNumbers'),
    scope: 'vehicle:active-plate-numbers:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Active plates of a person.',
    notes:
      "Query `nationalId`, `mobile` (the person's own). Result `{ plateNumbers: [{ nationalId (may be `-`), plateNumber (display text such as `ایران 40 - 123 ص 51`, Persian digits possible), revoked, revokedDateTime (Gregorian `MM/DD/YYYY HH:mm:ss`), revokedDescription, serialNumber }] }`, revoked plates included (wire facts §4.5). The subgraph decodes the text to the 9-digit number. A mobile not the person's is refused with 400 (designed).",
  }),
  op({
    id: 'vehicleMatchingVehicleOwnershipGet',
    group: 'vehicle',
    method: 'GET',
    path: base('vehicle', 'matchingVehicleOwnership'),
    scope: 'vehicle:matching-vehicle-ownership:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Whether a plate belongs to a national id.',
    notes:
      'Query `nationalId`, `plateNumber`. Result `{ isValid, vehicleType, vehicleTip, vehicleModel }` (wire facts §4.5); the vehicle fields are null when it does not match (designed).',
  }),
  op({
    id: 'ecityFreewayTollInquiryGet',
    group: 'ecity',
    method: 'GET',
    path: base('ecity', 'freewayTollInquiry'),
    scope: 'ecity:freeway-toll-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Highway tolls of a plate.',
    notes:
      'Query `plateNumber` only. Result `{ bills: [{ paymentId, date (Gregorian `YYYY-MM-DD HH:mm:ss`), price, gateway (nullable), freeway }], totalAmount }`; an invalid plate is 400 `VALIDATION_ERROR` (wire facts §4.5).',
  }),
  op({
    id: 'kycThirdPartyInsuranceInquiryGet',
    group: 'kyc',
    method: 'GET',
    path: base('kyc', 'thirdPartyInsuranceInquiry'),
    scope: 'kyc:thirdParty-insurance-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Third-party insurance policy of a plate.',
    notes:
      "Query `nationalCode` (the owner's), `plateNumber`. Large flat result mixing numbers and strings: covers (`financialCvrCptl`/`fnCvrCptl`, `lifeCvrCptl`/`lfCvrCptl`, `personCvrCptl`/`prsnCvrCptl`), loss counts, `cuntLossAmont`, discounts (`disFnYrNum`, `disFnYrPrcnt`, …), the vehicle (`systemField`, `typeField`, …, with older abbreviated names beside them), `plk1`–`plk3`/`plkSrl`, dates Jalali `YYYY/MM/DD`, and `edrsJson`, a JSON string of `[{ id, Dsc, nam }]` (wire facts §4.5). Anyone but the plate's owner (or a mobile not the owner's) is refused with 400 `VALIDATION_ERROR` (designed: the sources do not say how the upstream refuses).",
  }),
  op({
    id: 'kycLicenseCheckInquiryPost',
    group: 'kyc',
    method: 'POST',
    path: base('kyc', 'licenseCheckInquiry'),
    scope: 'kyc:cc-license-check-inquiry:post',
    grant: 'client_credentials',
    origin: 'wire',
    retrySafe: true,
    summary: 'Driving licences of a person and their status.',
    notes:
      "trackId mandatory. Body `nationalID`, `mobile` (the person's own). Result `{ licenses: [{ barCode, issueDate (Gregorian `MM/DD/YYYY HH:mm:ss`), firstname, lastname, nationalCode, licenseNumber, licenseStatus, licenseType, licenseValidityPeriod }], licenseStatus: { code (`G00000` on success), description } }` (wire facts §4.2). A person without a licence is designed as an empty list with status `G00010`; a mobile not theirs is refused with 400.",
  }),
  op({
    id: 'kycDriversRiskInquiryGet',
    group: 'kyc',
    method: 'GET',
    path: base('kyc', 'driversRiskInquiry'),
    scope: 'kyc:drivers-risk-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Driver risk score of a person.',
    notes:
      'Query `nationalCode`, `birthDate` (Jalali `YYYY/MM/DD`), optional `personType` (1 or 2) and `agentCode`. Result `{ score }`, a number such as 8.8 (wire facts §4.2). Designed: a birth date that is not the person\'s is 400; a person without a licence gets the "no data" answer `{ result: 110, message }`.',
  }),
  op({
    id: 'kybMatchLegalIdWithMembersGet',
    group: 'kyb',
    method: 'GET',
    path: base('kyb', 'matchLegalIdWithMembers'),
    scope: 'kyb:match-legal-id-with-members:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Whether a person holds a position in a company, with the gazette notices.',
    notes:
      'Query `nationalId` (10 digits) and `legalId` (11 digits). Result `{ isMatched, positions: [{ positionName, issueTrackingNo, ' +
      'rrkNewsPaperDate (`1400/01/01`), rrkNewsPaperNumber, rrkPageNumber }] }`, responseCode `FN-KBIE-20000000000` (wire facts §4.6).',
  }),
  op({
    id: 'creditSmsFacilityInquiryGet',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'users/{user}/sms/facilityInquiry'),
    scope: 'credit:sms-facility-inquiry:get',
    grant: 'authorization_sms',
    origin: 'wire',
    summary: 'Facilities (loans) of a person, confirmed by SMS.',
    notes:
      'Path `user`: the 10-digit national id the consent is for. Result (amounts strings, rials): `user` (`nid` in older typings), ' +
      '`legalId`, `name`, `facilityTotalAmount`, `facilityDebtTotalAmount`, `facilityPastExpiredTotalAmount`, ' +
      '`facilityDeferredTotalAmount`, `facilitySuspiciousTotalAmount`, `dishonored` (blank when clean), `facilityList[]` read from ' +
      'the lower-camel block (`bankCode`, `branchCode`, `branchDescription`, `pastExpiredAmount`, `deferredAmount`, ' +
      '`suspiciousAmount`, `debtorTotalAmount`, `type`, `amountOrginal`, `benefitAmount`) or else the PascalCase block ' +
      '(`FacilityBankCode`, `FacilityBranchCode`, `FacilityBranch`, `FacilityRequestNo`, `FacilityRequestType`, ' +
      '`FacilityCurrencyCode`, `Facility*Amount`, `FacilityType` 10–26, `FacilityStatus`, `FacilityAmountOrginal`, ' +
      '`FacilityBenefitAmount`, `FacilityAmountObligation`, `FacilitySetDate`/`FacilityEndDate` Jalali `YYYYMMDD`). Bank codes may ' +
      'lack leading zeros (`62`). No loans: DONE with `result: { result: 120, user, message }` (wire facts §4.7).',
  }),
  op({
    id: 'creditBackChequesGet',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'users/{user}/backCheques'),
    scope: 'credit:back-cheques:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Bounced cheques of a person (client credential).',
    notes:
      'Path `user`: national id. Result `{ nid, legalId, name, chequeList[] }` with `chequeList[]` {`accountNumber`, `amount` ' +
      '(number or string), `backDate`, `bankCode`, `branchCode`, `branchDescription`, `date`, `id`, `number`}, dates Jalali ' +
      '`YYYYMMDD`. None: DONE with `result: { result: 110, nid, message }` (wire facts §4.7).',
  }),
  op({
    id: 'creditSmsBackChequesGet',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'users/{user}/sms/backCheques'),
    scope: 'credit:sms-back-cheques:get',
    grant: 'authorization_sms',
    origin: 'wire',
    summary: 'Bounced cheques of a person, confirmed by SMS.',
    notes:
      'Path `user`: the consenting national id. Result as creditBackChequesGet: `{ nid, legalId, name, chequeList[] }` with ' +
      '`chequeList[]` {`accountNumber`, `amount` (number or string), `backDate`, `bankCode`, `branchCode`, `branchDescription`, ' +
      '`date`, `id`, `number`}, dates Jalali `YYYYMMDD`. None: DONE with `result: { result: 110, nid, message }` (wire facts §4.7).',
  }),
  op({
    id: 'creditSmsGuarantyInquiryGet',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'users/{user}/sms/guarantyInquiry'),
    scope: 'credit:sms-guaranty-inquiry:get',
    grant: 'authorization_sms',
    origin: 'wire',
    summary: 'Loans a person has guaranteed, confirmed by SMS.',
    notes:
      'The wire facts show the path parameter as `{nid}`; named `{user}` here like the other credit inquiries. Result: ' +
      '`guarantyFirstName`, `guarantyLastName`, `guarantyNationalCode`, `guarantyLegalId`, `inquiryResultId`, `debtorList[]` ' +
      '{`debtorFirstName`, `debtorLastName`, `totalAmount`, `benefitAmount`, `obligationAmount`, `suspiciousAmount`, ' +
      '`deferredAmount`, `orginalAmount`, `pastExpiredAmount`, `bankCode`, `setDate`, `endDate` (Jalali `YYYYMMDD`), ' +
      '`guarantyPercent`, `requestNumber`, `requestType`, `branchCode`, `branchDescription`, `latePenaltyAmount`, …} (strings). ' +
      'None: DONE with `result: { guarantyNationalCode, result: 110, message }`.',
  }),
  op({
    id: 'creditGuaranteeDetailsGet',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'guaranteeDetails'),
    scope: 'credit:guarantee-details:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'A bank guarantee letter by its 13-digit id (Ayandeh).',
    notes:
      'Query `guaranteeId` (13 digits). Result (strings, blanks `" "`): `retCodeDescription`, `guaranteeId`, `sepamId`, ' +
      '`branchCode`, `centralBankTypeCode`, `guaranteeSubTypeCode`, `guaranteeSubTypeDesc`, `cif`, `debtAmount`, `issueDate`, ' +
      '`maturityDate`, `renewDate`, `companyPreDebtAmount`, `issueChargeAmount`, `lastRenewChargeAmount`, `totalCharge`, ' +
      '`guaranteeStatusCode`, `guaranteeStatusDescription`, `economicDesc`, `economicSubsectionDesc`. Dates: Jalali `YYYYMMDD` ' +
      '(format undocumented; assumed). An unknown id: HTTP 404 `NOT_FOUND` (or a record with a blank `guaranteeId`), read as no ' +
      'guarantee.',
  }),
  op({
    id: 'creditGuaranteeCollateralsGet',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'guaranteeCollaterals'),
    scope: 'credit:guarantee-collaterals:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Collaterals of a bank guarantee letter.',
    notes:
      'Query `guaranteeId` (13 digits). Payload `{ retCodeDescription, guaranteeId, collaterals[] { collateralId, ' +
      'collateralTypeCode, centralBankCollateralTypeCode, collateralTypeDescription, evaluatedAmount, debtAmount, interestRate, ' +
      'receiveDate, issueDate, assignDate }, alertCode, messageOut }`, read under `result` (or `result` as the list itself). The doc ' +
      'sample puts it at the top level of the envelope, which the client does not hand on; unknown id as creditGuaranteeDetailsGet.',
  }),
  op({
    id: 'creditMacnaInquiryGet',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'macnaInquiry'),
    scope: 'credit:macna-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Cards issued to a person (MACNA registry).',
    notes:
      'Query `nationalCode`. `result` is an array of `{ trace, firstName, lastName, nationalCode, remain: { iran, bank }, history[]: ' +
      '{ macnaCode, issueDate (Gregorian `YYYY-MM-DD`), updated, cardType, pan (masked), bankCode (int), bankName, stateCode, ' +
      'stateDescription, messageCode, messageDescription } }`; the entry whose `nationalCode` matches is read.',
  }),
  op({
    id: 'creditChequeColorInquiryGet',
    group: 'credit',
    method: 'GET',
    path: base('credit', 'chequeColorInquiry'),
    scope: 'credit:cheque-color-inquiry:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Sayad cheque colour (returned-cheque standing) of a person or company.',
    notes:
      'Query `idCode`: 10-digit national id or 11-digit legal id. Result `{ chequeColor }`, a string `"1"` white … `"5"` red (rules ' +
      'in wire facts §4.7).',
  }),
  op({
    id: 'kycTransactionCreditInquiryVerifyPost',
    group: 'kyc',
    method: 'POST',
    path: base('kyc', 'transactionCreditInquiryVerify'),
    scope: 'kyc:transaction-credit-inquiry-verify:post',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Step 2 of the transaction credit inquiry: verify the OTP; returns the inquiry tracking id.',
  }),
  op({
    id: 'kycTransactionCreditInquiryReportGet',
    group: 'kyc',
    method: 'GET',
    path: base('kyc', 'transactionCreditInquiryReport'),
    scope: 'kyc:transaction-credit-inquiry-report:get',
    grant: 'client_credentials',
    origin: 'wire',
    summary: 'Step 3 of the transaction credit inquiry: the judiciary verdict.',
  }),
  op({
    id: 'kybTradeLicensesGet',
    group: 'kyb',
    method: 'GET',
    path: base('kyb', 'tradeLicenses'),
    scope: 'kyb:trade-licenses:get',
    grant: 'client_credentials',
    origin: 'designed',
    summary: 'Trade licences of a company (commerce card, operating licences).',
    notes:
      'Named by the specification only as "trade licence"; path, scope and payload designed like the kyb siblings. Query ' +
      '`companyId` (11-digit legal id). Result `{ companyId, licenses: [{ licenseNumber, licenseType, activity, issuer, issueDate, ' +
      'expiryDate (Jalali `YYYY/MM/DD`), status (`معتبر` valid, `منقضی شده` expired, `ابطال شده` revoked) }] }`; an empty ' +
      '`licenses` when the company holds none. Invalid `companyId` → 400 `VALIDATION_ERROR`.',
  }),
  op({
    id: 'kybBusinessCreditValidationGet',
    group: 'kyb',
    method: 'GET',
    path: base('kyb', 'businessCreditValidation'),
    scope: 'kyb:business-credit-validation:get',
    grant: 'client_credentials',
    origin: 'designed',
    summary: 'Credit validation of a company: score, grade and the debts behind them.',
    notes:
      'Named by the specification only as "business credit validation"; path, scope and payload designed like the kyb siblings. ' +
      'Query `companyId`. Result `{ companyId, companyTitle, score (int 0–900, higher is better), grade (`A` best … `E`), ' +
      'riskLevel (`LOW`, `MEDIUM`, `HIGH`), riskDescription, validationDate (Jalali `YYYY/MM/DD`), totalFacilityAmount, ' +
      'overdueFacilityAmount, bouncedChequeAmount (rials as strings), facilityCount, bouncedChequeCount (ints) }`. A dissolved ' +
      'company is not validated: "no data" `{ result: 110, message }`. Invalid `companyId` → 400 `VALIDATION_ERROR`.',
  }),
] as const satisfies readonly OperationSpec[];

export type OperationId = (typeof catalog)[number]['id'];

const BIRTH_DATE =
  'Checked before sending (designed; the upstream refuses an impossible birth date only after the call, wire facts §3.2): ' +
  '`birthDate` is a real Persian-calendar date from 1300/01/01 to today in Tehran.';
const PERSON_NAMES =
  "Checked before sending (designed): names 1–100 characters of letters, spaces and `. ' -`, with no control or invisible " +
  'formatting characters (the zero-width non-joiner of Persian writing excepted).';
const CHEQUE_TEXT =
  'Checked before sending (designed; the upstream states no lengths): `description` and party names 1–100 characters of letters, ' +
  'digits, punctuation and spaces, with no control or invisible formatting characters (the zero-width non-joiner excepted).';
const CHEQUE_NOTE =
  'Checked before sending (designed): the note at most 100 characters, Persian letters only, no control or invisible formatting characters.';
const ACCOUNT_NUMBER =
  'Checked before sending (designed): an account number is 6 to 26 digits with one `.`, `/` or `-` between groups; fewer digits name ' +
  'no account at any Iranian bank.';

/**
 * Caller input the subgraph refuses before any call (BAD_USER_INPUT, nothing sent), where the rule is the
 * bank's or designed here; rendered with each operation's notes.
 */
const CHECKED_BEFORE_SENDING: Partial<Record<OperationId, string>> = {
  oakTransferToDepositPost:
    'Checked before sending (wire facts §4.9, §6): at least 10,000 rials on every rail; to an account number (internal) at most ' +
    '1,000,000,000; to an IBAN any amount from the minimum (Paya up to 1,000,000,000, Satna above it) up to our own ceiling of 10^15 ' +
    '(the amount goes out as a JSON number); `description` 1–30 characters without `--`; destination names 2–30 characters. ' +
    "Designed: the names are required for every IBAN destination (the source's account number does not tell its bank, so an " +
    'IBAN of the same bank, sent internally, cannot be told from Paya or Satna; the bank keeps the internal maximum there); ' +
    "`description` holds letters, digits, punctuation and spaces, names letters, spaces and `. ' -`, neither any control or " +
    'invisible formatting character (the zero-width non-joiner excepted). ' +
    ACCOUNT_NUMBER,
  creditAcSayadIssueChequePost:
    'Checked before sending (designed): `dueDate` from today in Tehran to ten years ahead. ' + CHEQUE_TEXT,
  creditAcSayadTransferChequePost: CHEQUE_TEXT,
  creditSmsSayadAcceptChequePost: CHEQUE_NOTE,
  creditSmsSayadCancelChequePost: CHEQUE_NOTE,
  oakCcStatementGet:
    'Checked before sending (designed): `toDate` is not after today in Tehran; a statement has nothing for days to come.',
  facilityDepositToIbanGet: ACCOUNT_NUMBER,
  facilityCcNidInquiryGet: BIRTH_DATE,
  facilitySmsNidInquiryGet: BIRTH_DATE,
  facilityNationalCardImageGet: BIRTH_DATE,
  facilityCcNidVerificationGet: `${BIRTH_DATE} ${PERSON_NAMES}`,
  kycSmsNidVerificationGet: `${BIRTH_DATE} ${PERSON_NAMES}`,
  kycIdentificationInquiryGet: BIRTH_DATE,
  kycDeathStatusInquiryGet: BIRTH_DATE,
  kycDriversRiskInquiryGet: BIRTH_DATE,
  kycIbanOwnerBirthdateVerificationGet: BIRTH_DATE,
  kycCompareLiveVideoWithNationalCardPost: BIRTH_DATE,
  kycCompareVideoWithNationalCardImagePost: BIRTH_DATE,
  kycCompareLiveImageWithNationalCardPost: BIRTH_DATE,
  oakShahabInquiryGet: BIRTH_DATE,
  oakSmsShahabInquiryGet: BIRTH_DATE,
};

const withCallerRules = (spec: OperationSpec): OperationSpec => {
  const rules = CHECKED_BEFORE_SENDING[spec.id as OperationId];
  return rules === undefined ? spec : { ...spec, notes: [spec.notes, rules].filter(Boolean).join(' ') };
};

export const operations: ReadonlyMap<OperationId, OperationSpec> = new Map(
  catalog.map((o) => [o.id, withCallerRules(o)]),
);

export function operation(id: OperationId): OperationSpec {
  const spec = operations.get(id);
  if (!spec) throw new Error(`Unknown upstream operation ${id}`);
  return spec;
}

/** Path parameter names of a template other than `clientId`, in order. */
export function pathParameters(spec: OperationSpec): string[] {
  return [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((name) => name !== 'clientId');
}

/** The token endpoint of every grant (wire facts §2). */
export const TOKEN_PATH = '/dev/v2/oauth2/token';
/** Starts a user grant: the SMS OTP, or the browser authorization page (wire facts §2.3, §2.4). */
export const AUTHORIZE_PATH = '/dev/v2/oauth2/authorize';
/** Exchanges an SMS OTP for an authorization code (wire facts §2.4). */
export const VERIFY_SMS_PATH = '/dev/v2/oauth2/verify/sms';
