/** The operations catalog against the specification's endpoint lists (spec §4.1–4.3, hard-coded here). */
import { describe, expect, it } from 'vitest';
import {
  TOKEN_PATH,
  operation,
  operations,
  pathParameters,
  type OperationSpec,
} from '../../src/datasources/upstream/operations.js';

/** Every method and path of the specification, §4.1 (5), §4.2 (18) and §4.3 (17). */
const SPEC_ENDPOINTS = [
  // §4.1
  'POST /billing/v2/clients/{clientId}/billingInquiryRequest',
  'POST /billing/v2/clients/{clientId}/billingInquiryStatus',
  'GET /billing/v2/clients/{clientId}/billingInquiry',
  'GET /billing/v2/clients/{clientId}/detailBillingInquiry',
  'GET /billing/v2/clients/{clientId}/billHistoryInquiry',
  // §4.2
  'POST /kyc/v2/clients/{clientId}/compareLiveVideoWithNationalCard',
  'POST /credit/v2/clients/{clientId}/sms/sayadTransfersChainInquiry',
  'GET /kyc/v2/clients/{clientId}/transactionCreditInquiryRequest',
  'GET /credit/v2/clients/{clientId}/assessmentInquiry',
  'POST /credit/v2/clients/{clientId}/assessmentSubmit/json',
  'POST /credit/v2/clients/{clientId}/assessmentSubmit/pdf',
  'POST /credit/v2/clients/{clientId}/sms/sayadTransferCheque',
  'GET /credit/v2/clients/{clientId}/users/{user}/facilityInquiry',
  'GET /credit/v2/clients/{clientId}/users/{user}/backChequesLegal',
  'GET /kyc/v2/clients/{clientId}/sms/taxInquiry',
  'POST /credit/v2/clients/{clientId}/sms/chequeStatusInquiry',
  'GET /vehicle/v2/clients/{clientId}/vehicleInfoInquiry',
  'GET /facility/v2/clients/{clientId}/depositToIban',
  'GET /billing/v2/clients/{clientId}/negativeScore',
  'GET /kyb/v2/clients/{clientId}/corporateJournal',
  'GET /kyc/v2/clients/{clientId}/cc/sanaInquiry',
  'GET /vehicle/v2/clients/{clientId}/trafficTollInquiry',
  'POST /oak/v2/clients/{clientId}/transferTo',
  // §4.3
  'POST /credit/v2/clients/{clientId}/ac/sayadIssueCheque',
  'POST /credit/v2/clients/{clientId}/ac/sayadTransferCheque',
  'GET /credit/v2/clients/{clientId}/chequebookInquiry',
  'POST /credit/v2/clients/{clientId}/ccAssessmentSubmit/json',
  'GET /facility/v2/clients/{clientId}/nationalCardImage',
  'GET /facility/v2/clients/{clientId}/users/{nid}/cc/nidInquiry',
  'GET /facility/v2/clients/{clientId}/users/{nid}/sms/nidInquiry',
  'GET /facility/v2/clients/{clientId}/cardToDeposit',
  'GET /facility/v2/clients/{clientId}/cardToIban',
  'GET /facility/v2/clients/{clientId}/depositInfo',
  'GET /billing/v2/clients/{clientId}/drivingOffense',
  'GET /billing/v2/clients/{clientId}/ridingOffense',
  'GET /billing/v2/clients/{clientId}/trafficOffenseImage',
  'GET /kyb/v2/clients/{clientId}/authorizedSignatories',
  'GET /kyb/v2/clients/{clientId}/boardMembers',
  'GET /kyb/v2/clients/{clientId}/companyInfo',
  'GET /oak/v2/clients/{clientId}/deposits/{deposit}/cc/statement',
];

/** Operation ids, scopes and grants the specification states in full (§4.1, §4.2). */
const SPEC_STATED: ReadonlyArray<readonly [string, string, string, OperationSpec['grant']]> = [
  [
    'billingInquiryRequestSubmit',
    'POST /billing/v2/clients/{clientId}/billingInquiryRequest',
    'billing:billing-inquiry-request:post',
    'client_credentials',
  ],
  [
    'billingInquiryStatusPoll',
    'POST /billing/v2/clients/{clientId}/billingInquiryStatus',
    'billing:billing-inquiry-status:post',
    'client_credentials',
  ],
  [
    'billingInquiryCcGet',
    'GET /billing/v2/clients/{clientId}/billingInquiry',
    'billing:cc-inquiry:get',
    'client_credentials',
  ],
  [
    'billingDetailInquiryCcGet',
    'GET /billing/v2/clients/{clientId}/detailBillingInquiry',
    'billing:cc-inquiry-detail:get',
    'client_credentials',
  ],
  [
    'billingNegativeScoreGet',
    'GET /billing/v2/clients/{clientId}/negativeScore',
    'billing:cc-negative-score:get',
    'client_credentials',
  ],
  [
    'kycTransactionCreditInquiryRequestGet',
    'GET /kyc/v2/clients/{clientId}/transactionCreditInquiryRequest',
    'kyc:transaction-credit-inquiry-request:get',
    'client_credentials',
  ],
  [
    'kycSmsTaxInquiryGet',
    'GET /kyc/v2/clients/{clientId}/sms/taxInquiry',
    'kyc:sms-tax-Inquiry:get',
    'authorization_sms',
  ],
  [
    'facilityDepositToIbanGet',
    'GET /facility/v2/clients/{clientId}/depositToIban',
    'facility:cc-deposit-iban:get',
    'client_credentials',
  ],
  [
    'oakTransferToDepositPost',
    'POST /oak/v2/clients/{clientId}/transferTo',
    'oak:transfer-to:execute',
    'authorization_code',
  ],
  [
    'credit_v2_clients_clientId_users_user_facilityInquiry_get_inquiry_get',
    'GET /credit/v2/clients/{clientId}/users/{user}/facilityInquiry',
    'credit:facility-inquiry:get',
    'client_credentials',
  ],
];

const specs = [...operations.values()];
const endpoint = (spec: OperationSpec) => `${spec.method} ${spec.path}`;

describe('operations catalog', () => {
  it('has every one of the 40 operations of the specification, and marks the others as not from it', () => {
    expect(SPEC_ENDPOINTS).toHaveLength(40);
    expect(new Set(SPEC_ENDPOINTS).size).toBe(40);
    const endpoints = new Set(specs.map(endpoint));
    for (const wanted of SPEC_ENDPOINTS) expect(endpoints.has(wanted), wanted).toBe(true);
    const beyondSpec = specs.filter((spec) => !SPEC_ENDPOINTS.includes(endpoint(spec)));
    for (const spec of beyondSpec) expect(spec.origin, spec.id).not.toBe('spec');
  });

  it('has unique ids, and the map key is each entry’s id', () => {
    expect(new Set(specs.map((spec) => spec.id)).size).toBe(specs.length);
    for (const [id, spec] of operations) expect(spec.id).toBe(id);
  });

  it('puts every path under /<group>/v2/clients/{clientId}/', () => {
    for (const spec of specs) expect(spec.path.startsWith(`/${spec.group}/v2/clients/{clientId}/`), spec.id).toBe(true);
  });

  it('gives every operation a scope group:name:verb whose first segment is its group (card inquiry and call log excepted)', () => {
    // Documented exceptions: the card inquiry under /mpg/ is card:information:get (wire facts §4.1), and
    // the call log under /dev/ is one of the supplementary boomrang:* scopes (§2.7).
    const SCOPE_GROUP: Readonly<Record<string, string>> = { mpgCardInformationGet: 'card', devWagesGet: 'boomrang' };
    for (const spec of specs) {
      const match = /^([a-z]+):([A-Za-z0-9-]+):([a-z]+)$/.exec(spec.scope);
      expect(match, `${spec.id}: ${spec.scope}`).not.toBeNull();
      expect(match?.[1], spec.id).toBe(SCOPE_GROUP[spec.id] ?? spec.group);
    }
  });

  it('gives every operation one of the three grants', () => {
    for (const spec of specs)
      expect(['client_credentials', 'authorization_sms', 'authorization_code'], spec.id).toContain(spec.grant);
  });

  it('marks GET operations retrySafe, except those that text the person a code, use one up, or delete what they read', () => {
    const notSafe = specs.filter((spec) => spec.method === 'GET' && !spec.retrySafe).map((spec) => spec.id);
    expect(notSafe.sort()).toEqual([
      'facilityReceiveSmsGet',
      'facilityShahkarSmsSendGet',
      'facilityShahkarSmsVerifyGet',
      'kycTransactionCreditInquiryRequestGet',
    ]);
  });

  it('never marks money movements or submissions retrySafe', () => {
    expect(operation('oakTransferToDepositPost').retrySafe).toBe(false);
    expect(operation('creditAcSayadIssueChequePost').retrySafe).toBe(false);
    expect(operation('creditAcSayadTransferChequePost').retrySafe).toBe(false);
    // Resent after a transient failure only when retrySafe: no cheque action, no SMS sent twice.
    for (const id of [
      'creditSmsSayadAcceptChequePost',
      'creditSmsSayadCancelChequePost',
      'credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post',
      'facilityShahkarSmsSendGet',
      'kycTransactionCreditInquiryRequestGet',
    ] as const) {
      expect(operation(id).retrySafe, id).toBe(false);
    }
    expect(operation('billingInquiryRequestSubmit').retrySafe).toBe(false);
    expect(operation('billingInquiryStatusPoll').retrySafe).toBe(true);
  });

  it('matches the ids, scopes and grants the specification states', () => {
    for (const [id, path, scope, grant] of SPEC_STATED) {
      const spec = specs.find((candidate) => candidate.id === id);
      expect(spec && [endpoint(spec), spec.scope, spec.grant], id).toEqual([path, scope, grant]);
    }
  });

  it('lists the path parameters other than clientId', () => {
    expect(pathParameters(operation('oakCcStatementGet'))).toEqual(['deposit']);
    expect(pathParameters(operation('facilityCcNidInquiryGet'))).toEqual(['nid']);
    expect(pathParameters(operation('billingInquiryCcGet'))).toEqual([]);
  });

  it('names the token endpoint', () => {
    expect(TOKEN_PATH).toBe('/dev/v2/oauth2/token');
  });
});
