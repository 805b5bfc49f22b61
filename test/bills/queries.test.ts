import { describe, expect, it } from 'vitest';
import { addressOf } from '../fixtures/sandbox.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';
import { samples } from '../helpers/samples.js';
import { at, dataOf, present } from '../helpers/responses.js';

const h = useHarness();

const BILL = `query Bill($type: BillType!, $parameter: String!, $operator: MobileOperator) {
  bill(type: $type, parameter: $parameter, secondParameter: $operator) {
    type parameter operator amount billId paymentId dueDate { jalali iso }
  }
}`;

interface BillData {
  bill: {
    type: string;
    parameter: string;
    operator: string | null;
    amount: string | null;
    billId: string | null;
    paymentId: string | null;
    dueDate: { jalali: string; iso: string } | null;
  } | null;
}

describe('synchronous bill inquiry', () => {
  const cases = [
    { type: 'WATER', parameter: samples.waterBillId, upstreamType: 'Water' },
    { type: 'ELECTRICITY', parameter: samples.electricityBillId, upstreamType: 'Electricity' },
    { type: 'ELECTRICITY_STANDARD', parameter: samples.electricityBillId, upstreamType: 'Electricity-standard' },
    { type: 'GAS', parameter: samples.gasSubscription, upstreamType: 'Gas' },
    { type: 'GAS_BY_BILL_ID', parameter: samples.waterBillId, upstreamType: 'GasByBillId' },
    { type: 'TEL', parameter: samples.landline, upstreamType: 'Tel' },
    { type: 'TEL_NOW', parameter: samples.landline, upstreamType: 'TelNow' },
    { type: 'MOBILE', parameter: samples.mciMobile, upstreamType: 'Mobile' },
    {
      type: 'MOBILE_NOW',
      parameter: samples.mtnMobile,
      operator: 'MTN',
      upstreamType: 'MobileNow',
      secondParameter: 'MTN',
    },
  ] as const;

  it.each(cases)('answers a $type bill with the upstream call the spec defines', async (c) => {
    const operator = 'operator' in c ? c.operator : null;
    const res = await h.gql<BillData>(BILL, { type: c.type, parameter: c.parameter, operator });
    expect(res.errors).toBeUndefined();
    const bill = present(dataOf(res).bill, 'bill');
    expect(bill).toMatchObject({ type: c.type, parameter: c.parameter, operator });
    expect(bill.amount).toMatch(/^\d+$/);
    expect(bill.billId).toMatch(/^\d{6,13}$/);
    expect(bill.paymentId).toMatch(/^\d+$/);
    if (bill.dueDate) {
      expect(bill.dueDate.jalali).toMatch(/^1[34]\d\d\/\d\d\/\d\d$/);
      expect(bill.dueDate.iso).toMatch(/^20\d\d-\d\d-\d\d$/);
    }

    const calls = h.upstreamCalls();
    expect(calls).toHaveLength(1);
    const call = at(calls, 0);
    expect(call.operationId).toBe('billingInquiryCcGet');
    expect(call.method).toBe('GET');
    expect(call.path).toBe(`/billing/v2/clients/${h.sandbox.options.clientId}/billingInquiry`);
    expect(call.query).toEqual({
      trackId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: c.upstreamType,
      parameter: c.parameter,
      ...('secondParameter' in c && { secondParameter: c.secondParameter }),
    });
    expect(call.status).toBe(200);
  });

  it('gives the same bill for the same inputs and converts the due date exactly', async () => {
    const first = await h.gql<BillData>(BILL, { type: 'WATER', parameter: samples.waterBillId });
    const second = await h.gql<BillData>(BILL, { type: 'WATER', parameter: samples.waterBillId });
    expect(second.data).toEqual(first.data);
    const due = present(present(dataOf(first).bill, 'bill').dueDate, 'due');
    const [y, m, d] = due.jalali.split('/').map(Number);
    // Jalali 1405/01/01 is 2026-03-21; every later day of the year adds one.
    const dayOfYear = (m! <= 6 ? (m! - 1) * 31 : 186 + (m! - 7) * 30) + d! - 1;
    expect(y).toBe(1405);
    expect(new Date(Date.UTC(2026, 2, 21 + dayOfYear)).toISOString().slice(0, 10)).toBe(due.iso);
  });

  it('accepts Persian digits and sends ASCII digits upstream', async () => {
    const persian = samples.landline.replace(/\d/g, (digit) => present('۰۱۲۳۴۵۶۷۸۹'[Number(digit)], 'a Persian digit'));
    const res = await h.gql<BillData>(BILL, { type: 'TEL', parameter: persian });
    expect(present(dataOf(res).bill, 'bill').parameter).toBe(samples.landline);
    expect(at(h.upstreamCalls(), 0).query.parameter).toBe(samples.landline);
  });

  it('fetches each distinct bill once per operation however many fields and aliases ask for it', async () => {
    const res = await h.gql<Record<string, { amount: string }>>(
      `query($p: String!, $q: String!) {
        a: bill(type: WATER, parameter: $p) { amount billId paymentId dueDate { iso } }
        b: bill(type: WATER, parameter: $p) { amount }
        c: bill(type: ELECTRICITY, parameter: $q) { amount }
        d: bill(type: ELECTRICITY, parameter: $q) { billId }
      }`,
      { p: samples.waterBillId, q: samples.electricityBillId },
    );
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).a, 'a').amount).toBe(present(dataOf(res).b, 'b').amount);
    const calls = h.upstreamCalls('billingInquiryCcGet');
    expect(calls.map((call) => call.query.type).sort()).toEqual(['Electricity', 'Water']);
  });

  it('makes no upstream call when only the inputs are asked for', async () => {
    const res = await h.gql(`{ bill(type: TEL, parameter: "${samples.landline}") { type parameter operator } }`);
    expect(res.data).toEqual({ bill: { type: 'TEL', parameter: samples.landline, operator: null } });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

describe('detailed inquiry', () => {
  it('maps every Info field and sends the detailed type name', async () => {
    const res = await h.gql<{ bill: { amount: string; details: Record<string, unknown> } }>(
      `{ bill(type: ELECTRICITY_STANDARD, parameter: "${samples.electricityBillId}") {
          details {
            amount billId paymentId dueDate { jalali iso } companyName customerName customerFamily address postalCode
            tariffType phase ampere previousReadingDate { iso } currentReadingDate { iso } issuedOn { iso }
            payableAmount taxAmount totalDaysCount consumptionDebtAmount otherDebtAmount branchDebtAmount
          }
        } }`,
    );
    expect(res.errors).toBeUndefined();
    const details = dataOf(res).bill.details;
    expect(details.amount).toMatch(/^\d+$/);
    expect(details.payableAmount).toMatch(/^\d+$/);
    expect(typeof details.customerName).toBe('string');
    expect(typeof details.totalDaysCount).toBe('number');
    expect(details.dueDate).toMatchObject({ jalali: expect.stringMatching(/^\d{4}\/\d\d\/\d\d$/) });
    const call = at(h.upstreamCalls(), 0);
    expect(call.operationId).toBe('billingDetailInquiryCcGet');
    expect(call.query.type).toBe('Electricity-support');
    expect(h.upstreamCalls()).toHaveLength(1);
  });

  it("links the bill's postal code to the post's address, one postal inquiry", async () => {
    const res = await h.gql<{
      bill: { details: { postalCode: string; postalAddress: { postalCode: string; province: string } } };
    }>(
      `{ bill(type: ELECTRICITY_STANDARD, parameter: "${samples.electricityBillId}") {
          details { postalCode postalAddress { postalCode province } }
        } }`,
    );
    expect(res.errors).toBeUndefined();
    const { details } = dataOf(res).bill;
    expect(details.postalCode).toMatch(/^\d{10}$/);
    expect(details.postalAddress).toEqual({
      postalCode: details.postalCode,
      province: present(addressOf(details.postalCode), 'address').Province,
    });
    expect(callCounts(h)).toEqual({ billingDetailInquiryCcGet: 1, ecityPostalCodeGet: 1 });
  });

  it('agrees with the summary inquiry on amount and identifiers', async () => {
    const res = await h.gql<{
      bill: {
        amount: string;
        billId: string;
        paymentId: string;
        details: { amount: string; billId: string; paymentId: string };
      };
    }>(
      `{ bill(type: WATER, parameter: "${samples.waterBillId}") { amount billId paymentId details { amount billId paymentId } } }`,
    );
    const { details, ...summary } = dataOf(res).bill;
    expect(details).toEqual(summary);
  });

  it('is null, with no upstream call, for bill types that have no detailed inquiry', async () => {
    const res = await h.gql(
      `{ bill(type: MOBILE, parameter: "${samples.mciMobile}") { details { amount } history { amount } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ bill: { details: null, history: null } });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

describe('bill history', () => {
  it('lists past bills newest first with payment dates', async () => {
    const res = await h.gql<{
      bill: {
        billId: string;
        history: Array<{ amount: string; billId: string; dueDate: { iso: string }; paidOn: { iso: string } | null }>;
      };
    }>(
      `{ bill(type: GAS, parameter: "${samples.gasSubscription}") { billId history { amount billId dueDate { iso } paidOn { iso } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const { history, billId } = dataOf(res).bill;
    expect(history.length).toBeGreaterThan(1);
    for (const entry of history) {
      expect(entry.amount).toMatch(/^\d+$/);
      expect(entry.billId).toBe(billId);
    }
    const dues = history.map((entry) => entry.dueDate.iso);
    expect([...dues].sort().reverse()).toEqual(dues);
    const historyCall = at(h.upstreamCalls('billingBillHistoryInquiryGet'), 0);
    expect(historyCall.query).toMatchObject({ type: 'Gas', parameter: samples.gasSubscription });
  });
});

describe('driving licence negative score', () => {
  it('reads the negative points of a person by licence number and mobile', async () => {
    const res = await h.gql<{
      person: {
        nationalId: string;
        drivingLicenceNegativeScore: { licenceNumber: string; points: number; offenseCount: number | null };
      };
    }>(
      `{ person(nationalId: "${samples.nationalId}") { nationalId drivingLicenceNegativeScore(licenceNumber: "${samples.licenceNumber}", mobile: "+98${samples.mciMobile.slice(1)}") { licenceNumber points offenseCount rule } } }`,
    );
    expect(res.errors).toBeUndefined();
    const score = dataOf(res).person.drivingLicenceNegativeScore;
    expect(score.licenceNumber).toBe(samples.licenceNumber);
    expect(Number.isInteger(score.points)).toBe(true);
    const call = at(h.upstreamCalls(), 0);
    expect(call.operationId).toBe('billingNegativeScoreGet');
    expect(call.query).toMatchObject({
      licenseNumber: samples.licenceNumber,
      nationalID: samples.nationalId,
      mobile: samples.mciMobile,
    });
  });
});
