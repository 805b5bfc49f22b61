/** A person's credit over HTTP: loans, bounced cheques, guaranteed loans, cheque colour, MACNA cards. */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CREDIT_SAMPLES,
  INVALID,
  bankByCode,
  bouncedChequesOf,
  cardsOf,
  facilitiesOf,
  guarantiesOf,
  personOf,
} from '../fixtures/sandbox.js';
import { errorCode, smsConsent, withHandle } from '../consent/support.js';
import { useHarness } from '../helpers/harness.js';
import {
  BACK_CHEQUES_SCOPE,
  CREDIT_SMS_SCOPES,
  FACILITY_SCOPE,
  GUARANTY_SCOPE,
  callCounts,
  expectedColour,
} from './support.js';
import { at, dataOf, firstError, partialDataOf, present } from '../helpers/responses.js';

const { borrower, cleanGuarantor } = CREDIT_SAMPLES;

const h = useHarness();
let borrowerHandle: string;
let guarantorHandle: string;
beforeAll(async () => {
  borrowerHandle = await smsConsent(h.gql, borrower.nationalId, CREDIT_SMS_SCOPES);
  guarantorHandle = await smsConsent(h.gql, cleanGuarantor.nationalId, CREDIT_SMS_SCOPES);
});

type Data = { person: Record<string, unknown> };
interface Day {
  jalali: string;
  iso: string;
}
type FacilityOut = Record<string, unknown> & { contractType: string; setDate: Day; endDate: Day };
type ChequeOut = Record<string, unknown> & { amount: string; issueDate: Day; bounceDate: Day };
type IssuedCardOut = Record<string, unknown> & {
  maskedPan: string;
  bank: { code: string; name: string };
  issueDate: string;
};
const person = (nationalId: string, fields: string, headers?: Record<string, string>) =>
  h.gql<Data>(`query($nid: String!) { person(nationalId: $nid) { ${fields} } }`, { nid: nationalId }, headers);

const FACILITIES = `facilities {
  name totalAmount debtAmount pastDueAmount deferredAmount doubtfulAmount dishonoured
  facilities { bank { code name } branchCode branchName requestNumber contractType contractTypeCode status currency
    originalAmount debtAmount pastDueAmount deferredAmount doubtfulAmount setDate { jalali iso } endDate { jalali iso }
    group moratoriumDate { jalali } }
}`;
const CHEQUES = `{ name cheques { bank { code name } branchCode accountNumber amount issueDate { jalali iso } bounceDate { jalali iso } number chequeId } }`;

describe('Person.facilities (SMS consent)', () => {
  it('fails with CONSENT_REQUIRED naming the scope without a consent, and makes no upstream call', async () => {
    const res = await person(borrower.nationalId, 'nationalId facilities { totalAmount }');
    expect(firstError(res)).toMatchObject({
      path: ['person', 'facilities'],
      extensions: { code: 'CONSENT_REQUIRED', scope: FACILITY_SCOPE, grant: 'authorization_sms' },
    });
    expect(res.data).toEqual({ person: { nationalId: borrower.nationalId, facilities: null } });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('fails with FORBIDDEN for a consent of another person, and makes no upstream call', async () => {
    const res = await person(borrower.nationalId, 'facilities { totalAmount }', withHandle(guarantorHandle));
    expect(errorCode(res)).toBe('FORBIDDEN');
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('reports the loans of the world with their totals, banks, contract types and dates', async () => {
    const res = await person(borrower.nationalId, FACILITIES, withHandle(borrowerHandle));
    expect(res.errors).toBeUndefined();
    const report = dataOf(res).person['facilities'] as Record<string, unknown> & { facilities: FacilityOut[] };
    const world = facilitiesOf(borrower.nationalId);
    const sum = (pick: (f: (typeof world)[number]) => string) =>
      String(world.reduce((total, f) => total + Number(pick(f)), 0));
    const { firstName, lastName } = personOf(borrower.nationalId);
    expect(report).toMatchObject({
      name: `${firstName} ${lastName}`,
      totalAmount: sum((f) => f.original),
      debtAmount: sum((f) => f.debt),
      deferredAmount: sum((f) => f.deferred),
      dishonoured: true,
    });
    expect(report.facilities).toHaveLength(borrower.facilities);
    report.facilities.forEach((facility, i) => {
      const f = at(world, i);
      expect(facility).toMatchObject({
        bank: { code: f.bank.code, name: present(bankByCode(f.bank.code), 'bankByCode(…)').name },
        branchCode: f.branchCode,
        requestNumber: f.requestNo,
        contractTypeCode: f.type,
        currency: 'IRR',
        originalAmount: f.original,
        debtAmount: f.debt,
      });
      expect(facility.contractType).toMatch(/^[A-Z_]+$/);
      expect(facility.contractType).not.toBe('OTHER');
      expect(facility.setDate.jalali).toBe(`${f.setDate.slice(0, 4)}/${f.setDate.slice(4, 6)}/${f.setDate.slice(6)}`);
      expect(facility.setDate.iso).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(facility.endDate.iso > facility.setDate.iso).toBe(true);
      expect(facility['group']).toBe(f.group);
      const moratorium = f.moratoriumDate;
      expect(facility['moratoriumDate']).toEqual(
        moratorium === null
          ? null
          : { jalali: `${moratorium.slice(0, 4)}/${moratorium.slice(4, 6)}/${moratorium.slice(6)}` },
      );
    });
    expect(world.some((f) => f.moratoriumDate !== null)).toBe(true);
    expect(at(h.upstreamCalls('creditSmsFacilityInquiryGet'), 0).path).toBe(
      `/credit/v2/clients/${h.sandbox.options.clientId}/users/${borrower.nationalId}/sms/facilityInquiry`,
    );
  });

  it('answers a person without loans (the upstream’s result 120) with an empty list and zero totals', async () => {
    const res = await person(
      cleanGuarantor.nationalId,
      'facilities { name totalAmount debtAmount dishonoured facilities { requestNumber } }',
      withHandle(guarantorHandle),
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).person['facilities']).toEqual({
      name: null,
      totalAmount: '0',
      debtAmount: '0',
      dishonoured: false,
      facilities: [],
    });
  });
});

describe('Person.bouncedCheques', () => {
  it('lists the cheques of the world, drawn on the person’s own banks, with the colour they mean', async () => {
    const res = await person(borrower.nationalId, `bouncedCheques ${CHEQUES} chequeStanding { colour code }`);
    expect(res.errors).toBeUndefined();
    const report = dataOf(res).person['bouncedCheques'] as { name: string; cheques: ChequeOut[] };
    const world = bouncedChequesOf(borrower.nationalId);
    expect(report.cheques).toHaveLength(borrower.bouncedCheques);
    report.cheques.forEach((cheque, i) => {
      expect(cheque).toMatchObject({
        bank: { code: at(world, i).bankCode },
        accountNumber: at(world, i).accountNumber,
        amount: at(world, i).amount,
        number: at(world, i).number,
      });
      expect(cheque.bounceDate.iso >= cheque.issueDate.iso).toBe(true);
    });
    const colour = expectedColour(report.cheques.map((cheque) => cheque.amount));
    expect(colour).toBe(borrower.colour);
    expect(dataOf(res).person['chequeStanding']).toEqual({ colour, code: '3' });
    expect(callCounts(h)).toMatchObject({ creditBackChequesGet: 1, creditChequeColorInquiryGet: 1 });
    expect(at(h.upstreamCalls('creditChequeColorInquiryGet'), 0).query).toMatchObject({ idCode: borrower.nationalId });
  });

  it('answers a clean person with an empty list and WHITE', async () => {
    const res = await person(
      cleanGuarantor.nationalId,
      'bouncedCheques { name cheques { amount } } chequeStanding { colour code }',
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).person).toEqual({
      bouncedCheques: { name: null, cheques: [] },
      chequeStanding: { colour: 'WHITE', code: '1' },
    });
  });

  it('maps an upstream 400 to UPSTREAM_REJECTED on that field alone', async () => {
    h.sandbox.injectFault({ operationId: 'creditBackChequesGet', status: 400 });
    const res = await person(borrower.nationalId, 'bouncedCheques { name } chequeStanding { colour }');
    expect(res.errors).toHaveLength(1);
    expect(firstError(res)).toMatchObject({
      path: ['person', 'bouncedCheques'],
      extensions: { code: 'UPSTREAM_REJECTED', upstreamCode: 'VALIDATION_ERROR', trackId: expect.any(String) },
    });
    expect(partialDataOf(res).person).toEqual({ bouncedCheques: null, chequeStanding: { colour: borrower.colour } });
  });
});

describe('Person.bouncedChequesConfirmedBySms', () => {
  it('needs the consent scope and the person’s own consent', async () => {
    const missing = await person(borrower.nationalId, 'bouncedChequesConfirmedBySms { name }');
    expect(firstError(missing).extensions).toMatchObject({ code: 'CONSENT_REQUIRED', scope: BACK_CHEQUES_SCOPE });
    const other = await person(
      borrower.nationalId,
      'bouncedChequesConfirmedBySms { name }',
      withHandle(guarantorHandle),
    );
    expect(errorCode(other)).toBe('FORBIDDEN');
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('agrees with the client-credential inquiry', async () => {
    const res = await person(
      borrower.nationalId,
      `bouncedCheques ${CHEQUES} bouncedChequesConfirmedBySms ${CHEQUES}`,
      withHandle(borrowerHandle),
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).person['bouncedChequesConfirmedBySms']).toEqual(dataOf(res).person['bouncedCheques']);
    expect(callCounts(h)).toMatchObject({ creditBackChequesGet: 1, creditSmsBackChequesGet: 1 });
  });
});

describe('Person.guaranteedLoans (SMS consent)', () => {
  const LOANS =
    'guaranteedLoans { guarantorName inquiryId loans { debtorFirstName debtorLastName bank { code } requestNumber guaranteePercent debtAmount originalAmount setDate { jalali } } }';

  it('lists the loans of other people of the world the person guaranteed', async () => {
    const res = await person(cleanGuarantor.nationalId, LOANS, withHandle(guarantorHandle));
    expect(res.errors).toBeUndefined();
    const report = dataOf(res).person['guaranteedLoans'] as {
      guarantorName: string;
      loans: Array<Record<string, unknown>>;
    };
    const guarantor = personOf(cleanGuarantor.nationalId);
    expect(report.guarantorName).toBe(`${guarantor.firstName} ${guarantor.lastName}`);
    const world = guarantiesOf(cleanGuarantor.nationalId);
    expect(report.loans).toEqual(
      world.map(({ debtor, facility, percent }) => ({
        debtorFirstName: debtor.firstName,
        debtorLastName: debtor.lastName,
        bank: { code: facility.bank.code },
        requestNumber: facility.requestNo,
        guaranteePercent: percent,
        debtAmount: facility.debt,
        originalAmount: facility.original,
        setDate: {
          jalali: `${facility.setDate.slice(0, 4)}/${facility.setDate.slice(4, 6)}/${facility.setDate.slice(6)}`,
        },
      })),
    );
  });

  it('answers a person who guarantees nothing with an empty list', async () => {
    const res = await person(
      borrower.nationalId,
      'guaranteedLoans { guarantorName loans { debtorLastName } }',
      withHandle(borrowerHandle),
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).person['guaranteedLoans']).toEqual({ guarantorName: null, loans: [] });
  });

  it('needs the consent', async () => {
    const res = await person(cleanGuarantor.nationalId, 'guaranteedLoans { guarantorName }');
    expect(firstError(res).extensions).toMatchObject({ code: 'CONSENT_REQUIRED', scope: GUARANTY_SCOPE });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

describe('Person.issuedCards', () => {
  it('lists the person’s cards of the world, masked, with their banks and Gregorian issue dates', async () => {
    const res = await person(
      borrower.nationalId,
      'issuedCards { remainingNationwide remainingAtBank cards { maskedPan bank { code name } issueDate state stateCode message } }',
    );
    expect(res.errors).toBeUndefined();
    const issuance = dataOf(res).person['issuedCards'] as {
      remainingNationwide: number;
      remainingAtBank: number;
      cards: IssuedCardOut[];
    };
    const cards = cardsOf(borrower.nationalId);
    expect(issuance.cards.map((card) => card.maskedPan).sort()).toEqual(
      cards.map((card) => `${card.slice(0, 6)}******${card.slice(-4)}`).sort(),
    );
    for (const card of issuance.cards) {
      expect(present(bankByCode(card.bank.code), 'bankByCode(…)').bin).toBe(card.maskedPan.slice(0, 6));
      expect(card.bank.name).toBe(present(bankByCode(card.bank.code), 'bankByCode(…)').name);
      expect(card.issueDate).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(card).toMatchObject({ state: 'فعال', stateCode: 1 });
    }
    expect(issuance.remainingNationwide).toBe(Math.max(0, 40 - cards.length));
    expect(issuance.remainingAtBank).toBeGreaterThanOrEqual(0);
  });
});

describe('several paths to the same person', () => {
  it('asks the upstream once per operation and arguments', async () => {
    const fields = `facilities { totalAmount facilities { bank { name } } } bouncedCheques { cheques { amount bank { name } } }
      bouncedChequesConfirmedBySms { name } guaranteedLoans { guarantorName } chequeStanding { colour } issuedCards { remainingNationwide }`;
    const res = await h.gql<Record<string, unknown>>(
      `query($a: String!) { one: person(nationalId: $a) { ${fields} } two: person(nationalId: $a) { ${fields} } }`,
      { a: borrower.nationalId },
      withHandle(borrowerHandle),
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res)['one']).toEqual(dataOf(res)['two']);
    expect(callCounts(h)).toEqual({
      creditSmsFacilityInquiryGet: 1,
      creditBackChequesGet: 1,
      creditSmsBackChequesGet: 1,
      creditSmsGuarantyInquiryGet: 1,
      creditChequeColorInquiryGet: 1,
      creditMacnaInquiryGet: 1,
      facilityBanksInfoGet: 1,
    });
  });

  it('refuses an invalid national id before any upstream call', async () => {
    const res = await person(
      INVALID.nationalId,
      'bouncedCheques { name } chequeStanding { colour } issuedCards { remainingNationwide }',
    );
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'nationalId' });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});
