/** A company's credit over HTTP: loans, bounced cheques and cheque colour under client credential. */
import { describe, expect, it } from 'vitest';
import {
  COMPANY_SAMPLES,
  CREDIT_SAMPLES,
  INVALID_LEGAL_ID,
  bouncedChequesOf,
  facilitiesOf,
} from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { callCounts, expectedColour } from './support.js';
import { at, dataOf, firstError } from '../helpers/responses.js';

const { company, cleanCompany } = CREDIT_SAMPLES;

const h = useHarness();

interface CompanyCredit {
  company: {
    facilities: {
      name: string | null;
      totalAmount: string;
      facilities: Array<{ bank: { code: string }; contractType: string; originalAmount: string }>;
    };
    bouncedCheques: {
      name: string | null;
      cheques: Array<{ amount: string; accountNumber: string; bank: { code: string } }>;
    };
    chequeStanding: { colour: string; code: string };
  };
}

const CREDIT = `query($id: String!) { company(nationalId: $id) {
  facilities { name totalAmount facilities { bank { code } contractType originalAmount } }
  bouncedCheques { name cheques { amount accountNumber bank { code } } }
  chequeStanding { colour code }
} }`;

describe('Company credit', () => {
  it('reports the company’s loans and bounced cheques, the colour agreeing with the cheques', async () => {
    const res = await h.gql<CompanyCredit>(CREDIT, { id: company.nationalId });
    expect(res.errors).toBeUndefined();
    const { facilities, bouncedCheques, chequeStanding } = dataOf(res).company;
    expect(facilities.name).toBe(COMPANY_SAMPLES.active.title);
    expect(facilities.facilities.map((f) => f.originalAmount)).toEqual(
      facilitiesOf(company.nationalId).map((f) => f.original),
    );
    expect(bouncedCheques.name).toBe(COMPANY_SAMPLES.active.title);
    expect(bouncedCheques.cheques.map((c) => c.accountNumber)).toEqual(
      bouncedChequesOf(company.nationalId).map((c) => c.accountNumber),
    );
    expect(bouncedCheques.cheques).toHaveLength(company.bouncedCheques);
    expect(chequeStanding).toEqual({ colour: expectedColour(bouncedCheques.cheques.map((c) => c.amount)), code: '5' });
    expect(chequeStanding.colour).toBe(company.colour);
    expect(callCounts(h)).toEqual({
      credit_v2_clients_clientId_users_user_facilityInquiry_get_inquiry_get: 1,
      credit_v2_clients_clientId_users_user_backChequesLegal_get_legal_get: 1,
      creditChequeColorInquiryGet: 1,
    });
    const clientId = h.sandbox.options.clientId;
    expect(
      h
        .upstreamCalls()
        .map((call) => call.path)
        .sort(),
    ).toEqual(
      [
        `/credit/v2/clients/${clientId}/chequeColorInquiry`,
        `/credit/v2/clients/${clientId}/users/${company.nationalId}/backChequesLegal`,
        `/credit/v2/clients/${clientId}/users/${company.nationalId}/facilityInquiry`,
      ].sort(),
    );
    expect(at(h.upstreamCalls('creditChequeColorInquiryGet'), 0).query).toMatchObject({ idCode: company.nationalId });
  });

  it('answers a company without loans or cheques with empty lists and WHITE', async () => {
    const res = await h.gql<CompanyCredit>(CREDIT, { id: cleanCompany.nationalId });
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).company).toEqual({
      facilities: { name: null, totalAmount: '0', facilities: [] },
      bouncedCheques: { name: null, cheques: [] },
      chequeStanding: { colour: 'WHITE', code: '1' },
    });
  });

  it('asks once per operation when the company is reached twice', async () => {
    const res = await h.gql<Record<string, unknown>>(
      `query($id: String!) { a: company(nationalId: $id) { chequeStanding { colour } bouncedCheques { name } }
        b: company(nationalId: $id) { chequeStanding { code } bouncedCheques { cheques { amount } } } }`,
      { id: company.nationalId },
    );
    expect(res.errors).toBeUndefined();
    expect(callCounts(h)).toEqual({
      creditChequeColorInquiryGet: 1,
      credit_v2_clients_clientId_users_user_backChequesLegal_get_legal_get: 1,
    });
  });

  it('refuses an invalid legal id before any upstream call', async () => {
    const res = await h.gql(CREDIT, { id: INVALID_LEGAL_ID });
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'nationalId' });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});
