/** The credit operations of the sandbox over HTTP: wire shapes, "no data" answers, refusals, scopes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, type OperationId } from '../../src/datasources/upstream/operations.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import {
  COMPANY_SAMPLES,
  CREDIT_SAMPLES,
  GUARANTEE_SAMPLES,
  INVALID,
  INVALID_LEGAL_ID,
  bankByCode,
  cardsOf,
  facilitiesOf,
  personOf,
} from '../../sandbox/world/index.js';
import { errorOf, issueToken, resultOf, type Json } from './support.js';
import { callWorld, shapeOf, type WorldCall } from './worldSupport.js';
import { at, present } from '../helpers/responses.js';

const CC_OPERATIONS = [
  'credit_v2_clients_clientId_users_user_facilityInquiry_get_inquiry_get',
  'creditBackChequesGet',
  'credit_v2_clients_clientId_users_user_backChequesLegal_get_legal_get',
  'creditGuaranteeDetailsGet',
  'creditGuaranteeCollateralsGet',
  'creditMacnaInquiryGet',
  'creditChequeColorInquiryGet',
] as const satisfies readonly OperationId[];

let sandbox: Sandbox;
let token = '';
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  token = (
    await issueToken(
      sandbox,
      CC_OPERATIONS.map((id) => operation(id).scope),
    )
  ).value;
});
afterAll(() => sandbox.close());

const call = (id: OperationId, request: WorldCall = {}) => callWorld(sandbox, token, id, request);
const result = async (id: OperationId, request: WorldCall = {}) => resultOf(await call(id, request));
const { borrower, cleanGuarantor, company, cleanCompany } = CREDIT_SAMPLES;

describe('facilityInquiry', () => {
  it('lists a legal entity’s loans with both blocks of each item, totals adding up', async () => {
    const answer = await result('credit_v2_clients_clientId_users_user_facilityInquiry_get_inquiry_get', {
      path: { user: company.nationalId },
    });
    expect(answer).toMatchObject({
      user: company.nationalId,
      legalId: company.nationalId,
      name: COMPANY_SAMPLES.active.title,
    });
    const list = answer['facilityList'] as Json[];
    expect(list).toHaveLength(company.facilities);
    const sum = (key: string) => String(list.reduce((total, item) => total + Number(item[key]), 0));
    expect(answer['facilityTotalAmount']).toBe(sum('amountOrginal'));
    expect(answer['facilityDebtTotalAmount']).toBe(sum('FacilityDebtorTotalAmount'));
    for (const item of list) {
      expect(item['bankCode']).toBe(item['FacilityBankCode']);
      expect(bankByCode(String(item['bankCode']).padStart(3, '0'))).toBeDefined();
      expect(item['FacilitySetDate']).toMatch(/^14\d{6}$/);
      expect(Number(item['FacilityType'])).toBeGreaterThanOrEqual(10);
      expect(Number(item['FacilityType'])).toBeLessThanOrEqual(26);
    }
  });

  it('answers 10-digit national ids too, and a person without loans with the documented result 120', async () => {
    const answer = await result('credit_v2_clients_clientId_users_user_facilityInquiry_get_inquiry_get', {
      path: { user: cleanGuarantor.nationalId },
    });
    expect(answer).toEqual({ result: 120, user: cleanGuarantor.nationalId, message: expect.any(String) });
  });

  it('lends a person only at banks they hold accounts at', () => {
    const banks = personOf(borrower.nationalId).banks.map((bank) => bank.code);
    expect(facilitiesOf(borrower.nationalId).every((f) => banks.includes(f.bank.code))).toBe(true);
  });

  it.each([INVALID.nationalId, INVALID_LEGAL_ID, '123'])('refuses the id %s with 400', async (user) => {
    const response = await call('credit_v2_clients_clientId_users_user_facilityInquiry_get_inquiry_get', {
      path: { user },
    });
    expect(errorOf(response)).toEqual({ status: 400, code: 'VALIDATION_ERROR', message: 'invalid user' });
  });
});

describe('bounced cheques and cheque colour', () => {
  it('lists a person’s bounced cheques on their own accounts, amounts as numbers', async () => {
    const answer = await result('creditBackChequesGet', { path: { user: borrower.nationalId } });
    const person = personOf(borrower.nationalId);
    expect(answer).toMatchObject({
      nid: borrower.nationalId,
      legalId: null,
      name: `${person.firstName} ${person.lastName}`,
    });
    const cheques = answer['chequeList'] as Json[];
    expect(cheques).toHaveLength(borrower.bouncedCheques);
    expect(shapeOf(at(cheques, 0))).toEqual({
      accountNumber: 'string',
      amount: 'number',
      backDate: 'string',
      bankCode: 'string',
      branchCode: 'string',
      branchDescription: 'string',
      date: 'string',
      id: 'string',
      number: 'string',
    });
    for (const cheque of cheques)
      expect(present(cheque['backDate'], "cheque['backDate']") >= present(cheque['date'], "cheque['date']")).toBe(true);
  });

  it('answers a drawer without bounced cheques with result 110', async () => {
    expect(await result('creditBackChequesGet', { path: { user: cleanGuarantor.nationalId } })).toEqual({
      result: 110,
      nid: cleanGuarantor.nationalId,
      message: expect.any(String),
    });
    expect(
      await result('credit_v2_clients_clientId_users_user_backChequesLegal_get_legal_get', {
        path: { user: cleanCompany.nationalId },
      }),
    ).toEqual({
      result: 110,
      user: cleanCompany.nationalId,
      message: expect.any(String),
    });
  });

  it('answers backChequesLegal with the legal-entity shape, and refuses a national id', async () => {
    const answer = await result('credit_v2_clients_clientId_users_user_backChequesLegal_get_legal_get', {
      path: { user: company.nationalId },
    });
    expect(answer).toMatchObject({ nid: null, legalId: company.nationalId, name: COMPANY_SAMPLES.active.title });
    expect(answer['chequeList']).toHaveLength(company.bouncedCheques);
    const refused = await call('credit_v2_clients_clientId_users_user_backChequesLegal_get_legal_get', {
      path: { user: borrower.nationalId },
    });
    expect(errorOf(refused)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it.each([
    ['the borrower', borrower.nationalId, '3'],
    ['a clean person', cleanGuarantor.nationalId, '1'],
    ['a company with eleven cheques', company.nationalId, '5'],
    ['a clean company', cleanCompany.nationalId, '1'],
  ])('gives %s the colour its cheques mean', async (_, idCode, chequeColor) => {
    expect(await result('creditChequeColorInquiryGet', { query: { idCode } })).toEqual({ chequeColor });
  });

  it('refuses a missing or invalid idCode', async () => {
    expect(errorOf(await call('creditChequeColorInquiryGet'))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'idCode is required',
    });
    expect(errorOf(await call('creditChequeColorInquiryGet', { query: { idCode: INVALID.nationalId } }))).toMatchObject(
      { status: 400 },
    );
  });
});

describe('bank guarantees', () => {
  it('answers details and collaterals of a guarantee that exists', async () => {
    const { guaranteeId, collaterals } = GUARANTEE_SAMPLES.withCollaterals;
    const details = await result('creditGuaranteeDetailsGet', { query: { guaranteeId } });
    expect(details).toMatchObject({ guaranteeId, branchCode: guaranteeId.slice(0, 4), renewDate: expect.any(String) });
    expect(Object.values(shapeOf(details)).every((type) => type === 'string')).toBe(true);
    const answer = await result('creditGuaranteeCollateralsGet', { query: { guaranteeId } });
    expect(answer).toMatchObject({ guaranteeId, alertCode: '00000' });
    expect(answer['collaterals']).toHaveLength(collaterals);
  });

  it('answers an unknown id with 404 and a malformed one with 400', async () => {
    const unknown = await call('creditGuaranteeDetailsGet', { query: { guaranteeId: GUARANTEE_SAMPLES.unknown } });
    expect(errorOf(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const malformed = await call('creditGuaranteeCollateralsGet', { query: { guaranteeId: '12345' } });
    expect(errorOf(malformed)).toEqual({ status: 400, code: 'VALIDATION_ERROR', message: 'invalid guaranteeId' });
  });
});

describe('macnaInquiry', () => {
  it('lists the person’s cards of the world, masked, with their banks', async () => {
    const answer = (await call('creditMacnaInquiryGet', { query: { nationalCode: borrower.nationalId } })).body[
      'result'
    ] as Json[];
    expect(answer).toHaveLength(1);
    const entry = at(answer, 0);
    const cards = cardsOf(borrower.nationalId);
    const history = entry['history'] as Json[];
    expect(entry).toMatchObject({
      nationalCode: borrower.nationalId,
      firstName: personOf(borrower.nationalId).firstName,
    });
    expect(history.map((h) => h['pan']).sort()).toEqual(
      cards.map((card) => `${card.slice(0, 6)}******${card.slice(-4)}`).sort(),
    );
    for (const h of history) {
      expect(h['issueDate']).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(typeof h['bankCode']).toBe('number');
      expect(present(bankByCode(String(h['bankCode']).padStart(3, '0')), 'bankByCode(…)').bin).toBe(
        String(h['pan']).slice(0, 6),
      );
    }
  });
});

describe('the SMS operations', () => {
  it('refuse a client-credentials token', async () => {
    const response = await call('creditSmsFacilityInquiryGet', { path: { user: borrower.nationalId } });
    expect(response.status).toBe(401);
  });
});
