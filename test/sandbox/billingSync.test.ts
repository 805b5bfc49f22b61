import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/datasources/upstream/operations.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { billIdCheckDigit, isValidBillId } from '../../sandbox/validation.js';
import {
  PERSIAN,
  SAMPLES,
  SLASHED_DATE,
  callOperation,
  errorOf,
  issueToken,
  resultOf,
  withCheckDigit,
  type Json,
} from './support.js';

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  token = (await issueToken(sandbox)).value;
});

afterAll(async () => {
  await sandbox.close();
});

const call = (id: OperationId, query: Record<string, string | undefined>) =>
  callOperation(sandbox, id, { token, query });
const inquiry = async (query: Record<string, string | undefined>) => resultOf(await call('billingInquiryCcGet', query));

/** Every key wire facts §4.4 lists for the detailBillingInquiry Info block. */
const INFO_KEYS = [
  'CompanyName',
  'CustomerName',
  'CustomerFamily',
  'CustomerType',
  'Address',
  'PostalCode',
  'FileNumber',
  'ComputerPassword',
  'IdentificationNumber',
  'TariffType',
  'Phase',
  'Amper',
  'VoltageType',
  'ContractDemand',
  'Year',
  'Period',
  'PreviousReadingDate',
  'CurrentReadingDate',
  'BillExportationDate',
  'RejectDate',
  'NormalConsumption',
  'PeakConsumption',
  'LowConsumption',
  'FridayConsumption',
  'ReactiveConsumption',
  'DemandRead',
  'AverageConsumption',
  'BillPayableAmount',
  'PeriodAmount',
  'InsuranceAmount',
  'TaxAmount',
  'PaytollAmount',
  'ElectricityTaxAmount',
  'PreviousDebt',
  'EnergyAmount',
  'ReactiveAmount',
  'DemandAmount',
  'SubscriptionAmount',
  'SeasonAmount',
  'FreeAmount',
  'GasDiscountAmount',
  'DiscountAmount',
  'WarmDaysCount',
  'ColdDaysCount',
  'TotalDaysCount',
  'ConsumptionDebtAmount',
  'OtherDebtAmount',
  'BranchDebtAmount',
];

const ELECTRICAL_KEYS = [
  'Phase',
  'Amper',
  'VoltageType',
  'PeakConsumption',
  'LowConsumption',
  'FridayConsumption',
  'ElectricityTaxAmount',
];
const AMOUNT_KEYS = [
  'BillPayableAmount',
  'PeriodAmount',
  'InsuranceAmount',
  'TaxAmount',
  'PreviousDebt',
  'EnergyAmount',
  'SubscriptionAmount',
  'DiscountAmount',
];
const DATE_KEYS = ['PreviousReadingDate', 'CurrentReadingDate', 'BillExportationDate'];

const sortedKeys = (value: unknown) => Object.keys(value as object).sort();

describe('billingInquiry', () => {
  const cases: [string, Record<string, string>][] = [
    ['Water', { type: 'Water', parameter: SAMPLES.water[0] }],
    ['Electricity', { type: 'Electricity', parameter: SAMPLES.electricity[0] }],
    ['Electricity-standard', { type: 'Electricity-standard', parameter: SAMPLES.electricity[1] }],
    ['Gas', { type: 'Gas', parameter: SAMPLES.gasSubscription[0] }],
    ['GasByBillId', { type: 'GasByBillId', parameter: SAMPLES.gasBillId[0] }],
    ['Tel', { type: 'Tel', parameter: SAMPLES.landline[0] }],
    ['TelNow', { type: 'TelNow', parameter: SAMPLES.landline[1] }],
    ['Mobile (MCI, no operator)', { type: 'Mobile', parameter: SAMPLES.mci[0] }],
    ['Mobile (MCI, operator given)', { type: 'Mobile', parameter: SAMPLES.mci[1], secondParameter: 'MCI' }],
    ['Mobile (MTN)', { type: 'Mobile', parameter: SAMPLES.mtn[0], secondParameter: 'MTN' }],
    ['MobileNow (Rightel)', { type: 'MobileNow', parameter: SAMPLES.rightel[0], secondParameter: 'Rightel' }],
  ];

  it.each(cases)('answers %s with { Amount, BillId, PayId: numbers; Date: string }', async (_, query) => {
    const result = await inquiry(query);
    expect(sortedKeys(result)).toEqual(['Amount', 'BillId', 'Date', 'PayId']);
    expect(result['Amount']).toEqual(expect.any(Number));
    expect(result['BillId']).toEqual(expect.any(Number));
    expect(result['PayId']).toEqual(expect.any(Number));
    expect(result['Date']).toEqual(expect.any(String));
    expect(Number(result['Amount']) % 1000).toBe(0);
    expect(Number(result['Amount'])).toBeGreaterThanOrEqual(0);
    expect(isValidBillId(String(result['BillId']))).toBe(true);
    expect(String(result['PayId'])).toMatch(/^[1-9]\d{3,12}$/);
    if (query['type']?.endsWith('Now')) expect(result['Date']).toBe('');
    else expect(result['Date']).toMatch(/^1405\/08\/\d\d$/);
  });

  it('answers the bill id it was asked about for bill-id types', async () => {
    for (const type of ['Water', 'Electricity', 'Electricity-standard', 'GasByBillId']) {
      const parameter = SAMPLES.water[1];
      expect((await inquiry({ type, parameter }))['BillId']).toBe(Number(parameter));
    }
  });

  it('derives a 13-digit bill id with its service digit for gas, landline and mobile', async () => {
    const gas = String((await inquiry({ type: 'Gas', parameter: SAMPLES.gasSubscription[1] }))['BillId']);
    const tel = String((await inquiry({ type: 'Tel', parameter: SAMPLES.landline[0] }))['BillId']);
    const mobile = String(
      (await inquiry({ type: 'Mobile', parameter: SAMPLES.mtn[1], secondParameter: 'MTN' }))['BillId'],
    );
    for (const [billId, service] of [
      [gas, '3'],
      [tel, '4'],
      [mobile, '5'],
    ] as const) {
      expect(billId).toMatch(/^\d{13}$/);
      expect(billId.at(-2)).toBe(service);
    }
  });

  it('lays out the payment id as amount/1000, year digit, period, two check digits', async () => {
    const result = await inquiry({ type: 'Water', parameter: SAMPLES.water[0] });
    const amount = Number(result['Amount']);
    const payId = String(result['PayId']);
    const head = payId.slice(0, -2);
    expect(head).toBe(`${amount > 0 ? amount / 1000 : ''}504`); // 1405, period 4 of a bimonthly cycle
    expect(isValidBillId(head + payId.at(-2))).toBe(true);
    expect(billIdCheckDigit(String(result['BillId']) + payId.slice(0, -1))).toBe(Number(payId.at(-1)));
  });

  it('gives the same bill for a gas subscription and for its bill id', async () => {
    const bySubscription = await inquiry({ type: 'Gas', parameter: SAMPLES.gasSubscription[0] });
    const byBillId = await inquiry({ type: 'GasByBillId', parameter: String(bySubscription['BillId']) });
    expect(byBillId).toEqual(bySubscription);
  });

  it('answers an end-of-period and a current phone bill for the same number with the same bill id', async () => {
    const tel = await inquiry({ type: 'Tel', parameter: SAMPLES.landline[0] });
    const telNow = await inquiry({ type: 'TelNow', parameter: SAMPLES.landline[0] });
    expect(telNow['BillId']).toBe(tel['BillId']);
    expect(telNow['Date']).toBe('');
  });
});

describe('detailBillingInquiry', () => {
  const cases: [string, string][] = [
    ['Water', SAMPLES.water[0]],
    ['Electricity', SAMPLES.electricity[0]],
    ['Electricity-support', SAMPLES.electricity[1]],
    ['Gas', SAMPLES.gasSubscription[0]],
  ];

  it.each(cases)(
    'answers %s with string Amount, BillId, PayId, Date and a full string Info',
    async (type, parameter) => {
      const result = resultOf(await call('billingDetailInquiryCcGet', { type, parameter }));
      expect(sortedKeys(result)).toEqual(['Amount', 'BillId', 'Date', 'Info', 'PayId']);
      for (const key of ['Amount', 'BillId', 'PayId']) expect(result[key]).toMatch(/^\d+$/);
      expect(result['Date']).toMatch(SLASHED_DATE);
      const info = result['Info'] as Json;
      expect(sortedKeys(info)).toEqual([...INFO_KEYS].sort());
      for (const key of INFO_KEYS) expect(typeof info[key], key).toBe('string');
      for (const key of ['CompanyName', 'CustomerName', 'CustomerFamily', 'Address', 'CustomerType'])
        expect(info[key], key).toMatch(PERSIAN);
      for (const key of AMOUNT_KEYS) expect(info[key], key).toMatch(/^\d+$/);
      for (const key of DATE_KEYS) expect(info[key], key).toMatch(SLASHED_DATE);
      expect(info['PostalCode']).toMatch(/^\d{10}$/);
      expect(info['BillPayableAmount']).toBe(result['Amount']);
      expect(Number(info['BillPayableAmount'])).toSatisfy(
        (due: number) => due === 0 || due === Number(info['PeriodAmount']) + Number(info['PreviousDebt']),
      );
      expect(Number(info['TotalDaysCount'])).toBeGreaterThan(25);
    },
  );

  it('leaves the electricity fields empty for water and gas, and fills them for electricity', async () => {
    const water = resultOf(await call('billingDetailInquiryCcGet', { type: 'Water', parameter: SAMPLES.water[0] }))[
      'Info'
    ] as Json;
    const gas = resultOf(
      await call('billingDetailInquiryCcGet', { type: 'Gas', parameter: SAMPLES.gasSubscription[0] }),
    )['Info'] as Json;
    const power = resultOf(
      await call('billingDetailInquiryCcGet', { type: 'Electricity', parameter: SAMPLES.electricity[0] }),
    )['Info'] as Json;
    for (const key of ELECTRICAL_KEYS) {
      expect(water[key], key).toBe('');
      expect(gas[key], key).toBe('');
      expect(power[key], key).not.toBe('');
    }
    expect(water['GasDiscountAmount']).toBe('');
    expect(gas['GasDiscountAmount']).toMatch(/^\d+$/);
    expect(gas['IdentificationNumber']).toBe(SAMPLES.gasSubscription[0]);
  });

  it('agrees with billingInquiry on the bill itself', async () => {
    const pairs: [string, string, string][] = [
      ['Water', 'Water', SAMPLES.water[0]],
      ['Electricity', 'Electricity', SAMPLES.electricity[0]],
      ['Electricity-support', 'Electricity-standard', SAMPLES.electricity[1]],
      ['Gas', 'Gas', SAMPLES.gasSubscription[1]],
    ];
    for (const [detailType, inquiryType, parameter] of pairs) {
      const detail = resultOf(await call('billingDetailInquiryCcGet', { type: detailType, parameter }));
      const plain = await inquiry({ type: inquiryType, parameter });
      expect({
        Amount: detail['Amount'],
        BillId: detail['BillId'],
        PayId: detail['PayId'],
        Date: detail['Date'],
      }).toEqual({
        Amount: String(plain['Amount']),
        BillId: String(plain['BillId']),
        PayId: String(plain['PayId']),
        Date: plain['Date'],
      });
    }
  });
});

describe('billHistoryInquiry', () => {
  it.each([
    ['Water', SAMPLES.water[0]],
    ['Electricity', SAMPLES.electricity[0]],
    ['Gas', SAMPLES.gasSubscription[0]],
  ])('answers %s with six past bills of the same bill id, newest first', async (type, parameter) => {
    const current = await inquiry({ type, parameter });
    const result = resultOf(await call('billingBillHistoryInquiryGet', { type, parameter }));
    expect(sortedKeys(result)).toEqual(['BillId', 'Items']);
    expect(result['BillId']).toBe(String(current['BillId']));
    const items = result['Items'] as Json[];
    expect(items).toHaveLength(6);
    for (const item of items) {
      expect(sortedKeys(item)).toEqual(['Amount', 'BillId', 'Date', 'PayId', 'PaymentDate']);
      expect(item['BillId']).toBe(result['BillId']);
      expect(item['Amount']).toMatch(/^[1-9]\d*000$/);
      expect(item['PayId']).toMatch(/^\d{5,13}$/);
      expect(item['Date']).toMatch(SLASHED_DATE);
      expect(item['PaymentDate']).toSatisfy((date: string) => date === '' || SLASHED_DATE.test(date));
      const payId = String(item['PayId']);
      expect(billIdCheckDigit(String(item['BillId']) + payId.slice(0, -1))).toBe(Number(payId.at(-1)));
    }
    const dates = [String(current['Date']), ...items.map((item) => String(item['Date']))];
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('carries an unpaid previous bill into the current one as previous debt', async () => {
    // Scan bill ids until one has an unpaid newest past bill; the world makes this about one in five.
    for (let file = 1000000; file < 1000100; file++) {
      const parameter = withCheckDigit(`${file}0011`);
      const history = resultOf(await call('billingBillHistoryInquiryGet', { type: 'Water', parameter }));
      const newest = (history['Items'] as Json[])[0];
      if (newest?.['PaymentDate'] !== '') continue;
      const detail = resultOf(await call('billingDetailInquiryCcGet', { type: 'Water', parameter }));
      const info = detail['Info'] as Json;
      expect(info['PreviousDebt']).toBe(newest['Amount']);
      expect(Number(detail['Amount'])).toBe(Number(info['PeriodAmount']) + Number(newest['Amount']));
      return;
    }
    throw new Error('no bill with an unpaid previous period among the scanned ids');
  });
});

describe('negativeScore', () => {
  const query = { licenseNumber: '1234567890', nationalID: '0499370899', mobile: '09121234567' };

  it('answers { LicenseNumber, NegativeScore: string, OffenseCount: number | null, Rule: string }', async () => {
    const result = resultOf(await call('billingNegativeScoreGet', query));
    expect(sortedKeys(result)).toEqual(['LicenseNumber', 'NegativeScore', 'OffenseCount', 'Rule']);
    expect(result['LicenseNumber']).toBe('1234567890');
    expect(result['NegativeScore']).toMatch(/^([0-9]|[12][0-9]|30)$/);
    expect(result['OffenseCount'] === null || typeof result['OffenseCount'] === 'number').toBe(true);
    expect(result['Rule']).toEqual(expect.any(String));
  });

  it('covers clean records, points and a suspension verdict across licences', async () => {
    const seen = { clean: false, points: false, suspended: false };
    for (let n = 0; n < 400 && !(seen.clean && seen.points && seen.suspended); n++) {
      const result = resultOf(
        await call('billingNegativeScoreGet', { ...query, licenseNumber: String(1000000000 + n) }),
      );
      const score = Number(result['NegativeScore']);
      if (score === 0) {
        seen.clean = true;
        expect(result['Rule']).toBe('-');
      } else {
        seen.points = true;
        expect(result['OffenseCount']).toEqual(expect.any(Number));
      }
      if (score >= 30) {
        seen.suspended = true;
        expect(result['Rule']).toMatch(PERSIAN);
      }
    }
    expect(seen).toEqual({ clean: true, points: true, suspended: true });
  });

  it.each([
    ['a 9-digit licence', { licenseNumber: '123456789' }, 'invalid licenseNumber'],
    ['an 11-digit licence', { licenseNumber: '12345678901' }, 'invalid licenseNumber'],
    ['no licence', { licenseNumber: undefined }, 'invalid licenseNumber'],
    ['a national id with a bad checksum', { nationalID: '0499370898' }, 'invalid nationalID'],
    ['an all-same national id', { nationalID: '2222222222' }, 'invalid nationalID'],
    ['no national id', { nationalID: undefined }, 'invalid nationalID'],
    ['a landline as mobile', { mobile: '02177689361' }, 'invalid mobile'],
    ['a 10-digit mobile', { mobile: '0912123456' }, 'invalid mobile'],
  ])('answers 400 for %s', async (_, override, message) => {
    expect(errorOf(await call('billingNegativeScoreGet', { ...query, ...override }))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message,
    });
  });
});

describe('upstream input checks of the synchronous bill operations', () => {
  const rejections: [string, OperationId, Record<string, string | undefined>, string][] = [
    ['no type', 'billingInquiryCcGet', { parameter: SAMPLES.water[0] }, 'Bill Type is Empty'],
    ['an empty type', 'billingInquiryCcGet', { type: '', parameter: SAMPLES.water[0] }, 'Bill Type is Empty'],
    ['no parameter', 'billingInquiryCcGet', { type: 'Water' }, 'Bill Parameter is Empty'],
    ['an unknown type', 'billingInquiryCcGet', { type: 'Internet', parameter: SAMPLES.water[0] }, 'Bill Wrong Type'],
    [
      'a type in the wrong case',
      'billingInquiryCcGet',
      { type: 'water', parameter: SAMPLES.water[0] },
      'Bill Wrong Type',
    ],
    [
      'Electricity-support on billingInquiry',
      'billingInquiryCcGet',
      { type: 'Electricity-support', parameter: SAMPLES.electricity[0] },
      'Bill Wrong Type',
    ],
    [
      'Electricity-standard on detail',
      'billingDetailInquiryCcGet',
      { type: 'Electricity-standard', parameter: SAMPLES.electricity[0] },
      'Bill Wrong Type',
    ],
    [
      'GasByBillId on detail',
      'billingDetailInquiryCcGet',
      { type: 'GasByBillId', parameter: SAMPLES.gasBillId[0] },
      'Bill Wrong Type',
    ],
    ['Mobile on detail', 'billingDetailInquiryCcGet', { type: 'Mobile', parameter: SAMPLES.mci[0] }, 'Bill Wrong Type'],
    [
      'Tel on history',
      'billingBillHistoryInquiryGet',
      { type: 'Tel', parameter: SAMPLES.landline[0] },
      'Bill Wrong Type',
    ],
    [
      'Electricity-support on history',
      'billingBillHistoryInquiryGet',
      { type: 'Electricity-support', parameter: SAMPLES.electricity[0] },
      'Bill Wrong Type',
    ],
    [
      'a water bill id with a wrong check digit',
      'billingInquiryCcGet',
      { type: 'Water', parameter: '12345670016' },
      'Wrong Parameter',
    ],
    [
      'a 5-digit bill id',
      'billingInquiryCcGet',
      { type: 'Electricity', parameter: withCheckDigit('1234') },
      'Wrong Parameter',
    ],
    [
      'a 14-digit bill id',
      'billingInquiryCcGet',
      { type: 'Water', parameter: withCheckDigit('1234567890123') },
      'Wrong Parameter',
    ],
    [
      'a bill id with letters',
      'billingDetailInquiryCcGet',
      { type: 'Water', parameter: '1234567a0015' },
      'Wrong Parameter',
    ],
    [
      'a GasByBillId with a wrong check digit',
      'billingInquiryCcGet',
      { type: 'GasByBillId', parameter: '44556677030' },
      'Wrong Parameter',
    ],
    ['a 5-digit gas subscription', 'billingInquiryCcGet', { type: 'Gas', parameter: '12345' }, 'Wrong Parameter'],
    [
      'a 16-digit gas subscription',
      'billingDetailInquiryCcGet',
      { type: 'Gas', parameter: '1234567890123456' },
      'Wrong Parameter',
    ],
    [
      'a gas subscription with letters',
      'billingBillHistoryInquiryGet',
      { type: 'Gas', parameter: '12345678x' },
      'Wrong Parameter',
    ],
    ['an unknown area code', 'billingInquiryCcGet', { type: 'Tel', parameter: '02077689361' }, 'Wrong Parameter'],
    [
      'a mobile number as landline',
      'billingInquiryCcGet',
      { type: 'TelNow', parameter: '09121234567' },
      'Wrong Parameter',
    ],
    ['a landline without area code', 'billingInquiryCcGet', { type: 'Tel', parameter: '77689361' }, 'Wrong Parameter'],
    [
      'an unknown mobile prefix',
      'billingInquiryCcGet',
      { type: 'Mobile', parameter: '09231234567' },
      'Wrong Parameter',
    ],
    [
      'an MTN number without operator',
      'billingInquiryCcGet',
      { type: 'Mobile', parameter: SAMPLES.mtn[0] },
      'Wrong Parameter',
    ],
    [
      'a Rightel number without operator',
      'billingInquiryCcGet',
      { type: 'MobileNow', parameter: SAMPLES.rightel[0] },
      'Wrong Parameter',
    ],
    [
      'an unknown operator',
      'billingInquiryCcGet',
      { type: 'Mobile', parameter: SAMPLES.mci[0], secondParameter: 'Hamrah' },
      'Wrong Parameter',
    ],
    [
      'an operator in the wrong case',
      'billingInquiryCcGet',
      { type: 'Mobile', parameter: SAMPLES.mtn[0], secondParameter: 'mtn' },
      'Wrong Parameter',
    ],
    [
      'an operator on a water bill',
      'billingInquiryCcGet',
      { type: 'Water', parameter: SAMPLES.water[0], secondParameter: 'MCI' },
      'Wrong Parameter',
    ],
    [
      'a second parameter on a detail inquiry',
      'billingDetailInquiryCcGet',
      { type: 'Gas', parameter: SAMPLES.gasSubscription[0], secondParameter: 'x' },
      'Wrong Parameter',
    ],
  ];

  it.each(rejections)('rejects %s', async (_, id, query, message) => {
    expect(errorOf(await call(id, query))).toEqual({ status: 400, code: 'VALIDATION_ERROR', message });
  });

  it.each([
    ['a 6-digit bill id', { type: 'Water', parameter: withCheckDigit('10000') }],
    ['a 13-digit bill id', { type: 'Electricity', parameter: withCheckDigit('123456789012') }],
    ['a 6-digit gas subscription', { type: 'Gas', parameter: '123456' }],
    ['a 15-digit gas subscription', { type: 'Gas', parameter: '123456789012345' }],
    ['an MCI number without operator', { type: 'MobileNow', parameter: '09941234567' }],
    ['an empty second parameter', { type: 'Water', parameter: SAMPLES.water[0], secondParameter: '' }],
    ['an MCI number ported to MTN', { type: 'Mobile', parameter: SAMPLES.mci[0], secondParameter: 'MTN' }],
    ['an MTN number ported to Rightel', { type: 'Mobile', parameter: SAMPLES.mtn[0], secondParameter: 'Rightel' }],
  ])('accepts %s', async (_, query) => {
    expect((await call('billingInquiryCcGet', query)).status).toBe(200);
  });
});
