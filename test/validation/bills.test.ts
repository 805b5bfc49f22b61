import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billTypes,
  operatorOfMobile,
  parseBillQuery,
  upstreamBillType,
  upstreamDetailBillType,
  upstreamOperator,
  type BillType,
  type MobileOperator,
} from '../../src/validation/bills.js';
import { digitString, expectBadUserInput } from './support.js';

const paths = { type: 'bill.type', parameter: 'bill.parameter', secondParameter: 'bill.secondParameter' };
const VALID_BILL_ID = '7748317800142';
const MCI_MOBILE = '09121234567';
const MTN_MOBILE = '09351234567';
const RIGHTEL_MOBILE = '09211234567';
const UNKNOWN_MOBILE = '09981234567';

describe('upstream names', () => {
  it('maps every bill type to the upstream billingInquiry type', () => {
    expect(billTypes.map(upstreamBillType)).toEqual([
      'Water',
      'Electricity',
      'Electricity-standard',
      'Gas',
      'GasByBillId',
      'Tel',
      'TelNow',
      'Mobile',
      'MobileNow',
    ]);
  });

  it('maps only water, electricity, backup electricity and gas to the detailed inquiry', () => {
    expect(billTypes.map(upstreamDetailBillType)).toEqual([
      'Water',
      'Electricity',
      'Electricity-support',
      'Gas',
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('maps operators', () => {
    expect(upstreamOperator('MCI')).toBe('MCI');
    expect(upstreamOperator('MTN')).toBe('MTN');
    expect(upstreamOperator('RIGHTEL')).toBe('Rightel');
  });
});

describe('operatorOfMobile', () => {
  const expected: Array<[MobileOperator, number[]]> = [
    ['MCI', [910, 911, 912, 913, 914, 915, 916, 917, 918, 919, 990, 991, 992, 993, 994]],
    ['MTN', [930, 933, 935, 936, 937, 938, 939, 900, 901, 902, 903, 904, 905, 941]],
    ['RIGHTEL', [920, 921, 922]],
  ];

  it('knows each listed prefix and nothing else', () => {
    const known = new Map<string, MobileOperator>();
    for (const [operator, prefixes] of expected) for (const p of prefixes) known.set(`0${p}`, operator);
    fc.assert(
      fc.property(digitString(7), (rest) => {
        for (let prefix = 900; prefix <= 999; prefix++) {
          expect(operatorOfMobile(`0${prefix}${rest}`), `0${prefix}`).toBe(known.get(`0${prefix}`) ?? null);
        }
      }),
      { numRuns: 20 },
    );
  });
});

describe('parseBillQuery', () => {
  it('validates bill identifiers for water, electricity and gas-by-bill-id', () => {
    for (const type of ['WATER', 'ELECTRICITY', 'ELECTRICITY_STANDARD', 'GAS_BY_BILL_ID'] as const) {
      expect(parseBillQuery({ type, parameter: ` ${VALID_BILL_ID} ` }, paths)).toEqual({
        type,
        parameter: VALID_BILL_ID,
        operator: null,
      });
      expect(
        expectBadUserInput(() => parseBillQuery({ type, parameter: '7748317800143' }, paths), paths.parameter),
      ).toContain('bill identifier');
    }
  });

  it('takes a subscription number for gas', () => {
    expect(parseBillQuery({ type: 'GAS', parameter: '۱۲۳۴۵۶۷۸' }, paths).parameter).toBe('12345678');
    expectBadUserInput(() => parseBillQuery({ type: 'GAS', parameter: '12345' }, paths), paths.parameter);
  });

  it('takes a landline with area code for tel bills', () => {
    for (const type of ['TEL', 'TEL_NOW'] as const) {
      expect(parseBillQuery({ type, parameter: '02177689361' }, paths).parameter).toBe('02177689361');
      expectBadUserInput(() => parseBillQuery({ type, parameter: MCI_MOBILE }, paths), paths.parameter);
    }
  });

  it('normalises mobile numbers for mobile bills', () => {
    for (const type of ['MOBILE', 'MOBILE_NOW'] as const) {
      expect(parseBillQuery({ type, parameter: '+989121234567' }, paths)).toEqual({
        type,
        parameter: MCI_MOBILE,
        operator: null,
      });
      expectBadUserInput(() => parseBillQuery({ type, parameter: '02177689361' }, paths), paths.parameter);
    }
  });

  it('rejects an operator on any non-mobile bill', () => {
    const nonMobile = billTypes.filter((t) => t !== 'MOBILE' && t !== 'MOBILE_NOW');
    const parameterFor = (t: BillType): string =>
      t === 'TEL' || t === 'TEL_NOW' ? '02177689361' : t === 'GAS' ? '12345678' : VALID_BILL_ID;
    fc.assert(
      fc.property(fc.constantFrom(...nonMobile), fc.constantFrom('MCI', 'MTN', 'RIGHTEL' as const), (type, op) => {
        const message = expectBadUserInput(
          () => parseBillQuery({ type, parameter: parameterFor(type), secondParameter: op }, paths),
          paths.secondParameter,
        );
        expect(message).toContain('only accepted for MOBILE');
      }),
    );
  });

  it('requires the operator for MTN and Rightel prefixes', () => {
    for (const mobile of [MTN_MOBILE, RIGHTEL_MOBILE]) {
      const message = expectBadUserInput(
        () => parseBillQuery({ type: 'MOBILE', parameter: mobile, secondParameter: null }, paths),
        paths.secondParameter,
      );
      expect(message).toContain('operator is required');
    }
    expect(
      expectBadUserInput(
        () => parseBillQuery({ type: 'MOBILE', parameter: RIGHTEL_MOBILE }, paths),
        paths.secondParameter,
      ),
    ).toBe(
      'bill.secondParameter: the mobile operator is required for RIGHTEL numbers: pass RIGHTEL, or the operator the number was ported to',
    );
  });

  it('lets a given operator win over the prefix (ported numbers)', () => {
    const cases: Array<[string, MobileOperator]> = [
      [MCI_MOBILE, 'MTN'],
      [MTN_MOBILE, 'RIGHTEL'],
      [RIGHTEL_MOBILE, 'MCI'],
      [UNKNOWN_MOBILE, 'MTN'],
      [MTN_MOBILE, 'MTN'],
    ];
    for (const [parameter, secondParameter] of cases) {
      expect(parseBillQuery({ type: 'MOBILE_NOW', parameter, secondParameter }, paths).operator).toBe(secondParameter);
    }
  });

  it('does not require an operator for MCI or unknown prefixes', () => {
    expect(parseBillQuery({ type: 'MOBILE', parameter: UNKNOWN_MOBILE }, paths).operator).toBeNull();
    expect(parseBillQuery({ type: 'MOBILE', parameter: MCI_MOBILE }, paths).operator).toBeNull();
  });

  it('rejects values outside the enums at runtime, listing the values it takes', () => {
    expect(
      expectBadUserInput(
        () => parseBillQuery({ type: 'WATERS' as BillType, parameter: VALID_BILL_ID }, paths),
        paths.type,
      ),
    ).toBe(
      'bill.type: expected one of WATER, ELECTRICITY, ELECTRICITY_STANDARD, GAS, GAS_BY_BILL_ID, TEL, TEL_NOW, MOBILE, MOBILE_NOW',
    );
    expect(
      expectBadUserInput(
        () =>
          parseBillQuery(
            { type: 'MOBILE', parameter: MCI_MOBILE, secondParameter: 'Irancell' as MobileOperator },
            paths,
          ),
        paths.secondParameter,
      ),
    ).toBe('bill.secondParameter: expected one of MCI, MTN, RIGHTEL');
  });
});
