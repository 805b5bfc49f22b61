import { describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';
import { samples } from '../helpers/samples.js';
import { errorCode, firstError } from '../helpers/responses.js';

const h = useHarness();

const BILL = `query($type: BillType!, $parameter: String!, $operator: MobileOperator) {
  bill(type: $type, parameter: $parameter, secondParameter: $operator) { amount details { amount } }
}`;
const START = `mutation($input: BillInquiryInput!) { startBillInquiry(input: $input) { id } }`;

const wrongChecksum = `${samples.waterBillId.slice(0, -1)}${(Number(samples.waterBillId.at(-1)) + 1) % 10}`;

const badBills = [
  { name: 'a bill id with a wrong check digit', type: 'WATER', parameter: wrongChecksum, path: 'parameter' },
  { name: 'a bill id that is too short', type: 'ELECTRICITY', parameter: '12345', path: 'parameter' },
  { name: 'a bill id with letters', type: 'GAS_BY_BILL_ID', parameter: '12345abc901', path: 'parameter' },
  { name: 'a gas subscription that is too long', type: 'GAS', parameter: '1234567890123456', path: 'parameter' },
  { name: 'a landline without the leading zero', type: 'TEL', parameter: '2177689361', path: 'parameter' },
  { name: 'a mobile number given as a landline', type: 'TEL_NOW', parameter: samples.mciMobile, path: 'parameter' },
  { name: 'a mobile number of the wrong length', type: 'MOBILE', parameter: '0912123456', path: 'parameter' },
  {
    name: 'an Irancell number without its operator',
    type: 'MOBILE',
    parameter: samples.mtnMobile,
    path: 'secondParameter',
  },
  {
    name: 'an operator on a water bill',
    type: 'WATER',
    parameter: samples.waterBillId,
    operator: 'MCI',
    path: 'secondParameter',
  },
  { name: 'an empty parameter', type: 'MOBILE_NOW', parameter: '', path: 'parameter' },
] as const;

describe('bad bill input is refused before any upstream call', () => {
  it.each(badBills)('rejects $name in Query.bill', async (c) => {
    const res = await h.gql(BILL, {
      type: c.type,
      parameter: c.parameter,
      operator: 'operator' in c ? c.operator : null,
    });
    expect(res.data).toEqual({ bill: null });
    expect(res.errors).toHaveLength(1);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: c.path });
    expect(firstError(res).message).toMatch(new RegExp(`^${c.path}: `));
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it.each(badBills)('rejects $name in startBillInquiry, naming the input field', async (c) => {
    const input = { type: c.type, parameter: c.parameter, ...('operator' in c && { secondParameter: c.operator }) };
    const res = await h.gql(START, { input });
    // The mutation field alone is null: a mutation's failure never nulls the rest of `data`.
    expect(res.data).toEqual({ startBillInquiry: null });
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: `input.${c.path}` });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('rejects an unknown bill type through GraphQL validation, with no upstream call', async () => {
    const res = await h.gql(BILL, { type: 'PHONE', parameter: samples.landline });
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('BAD_USER_INPUT');
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

describe('bad person input', () => {
  it.each([
    { nationalId: '0499370898', why: 'wrong check digit' },
    { nationalId: '1111111111', why: 'all one digit' },
    { nationalId: '049937089', why: 'nine digits' },
  ])('rejects national id $nationalId ($why)', async ({ nationalId }) => {
    const res = await h.gql(`query($n: String!) { person(nationalId: $n) { nationalId } }`, { n: nationalId });
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'nationalId' });
    expect(res.data).toEqual({ person: null });
  });

  it.each([
    { licenceNumber: '123456789', mobile: samples.mciMobile, path: 'licenceNumber' },
    { licenceNumber: '12345678901', mobile: samples.mciMobile, path: 'licenceNumber' },
    { licenceNumber: samples.licenceNumber, mobile: '0812345678', path: 'mobile' },
  ])('rejects a negative-score inquiry with a bad $path', async ({ licenceNumber, mobile, path }) => {
    const res = await h.gql(
      `query($l: String!, $m: String!) { person(nationalId: "${samples.nationalId}") { nationalId drivingLicenceNegativeScore(licenceNumber: $l, mobile: $m) { points } } }`,
      { l: licenceNumber, m: mobile },
    );
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: path });
    expect(firstError(res).path).toEqual(['person', 'drivingLicenceNegativeScore']);
    expect(res.data).toEqual({ person: { nationalId: samples.nationalId, drivingLicenceNegativeScore: null } });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});
