import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OperationId } from '../../src/datasources/upstream/operations.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { isValidBillId } from '../../sandbox/validation.js';
import { billHistory, currentBill, detailedBill } from '../../sandbox/world/bills.js';
import { SAMPLES, callOperation, issueToken, resultOf, withCheckDigit } from './support.js';

let first: Sandbox;
let second: Sandbox;
let firstToken: string;
let secondToken: string;

beforeAll(async () => {
  [first, second] = await Promise.all([startSandbox({ port: 0 }), startSandbox({ port: 0 })]);
  [firstToken, secondToken] = [(await issueToken(first)).value, (await issueToken(second)).value];
});

afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

const inputs: [OperationId, Record<string, string>][] = [
  ['billingInquiryCcGet', { type: 'Water', parameter: SAMPLES.water[1] }],
  ['billingInquiryCcGet', { type: 'Gas', parameter: SAMPLES.gasSubscription[1] }],
  ['billingInquiryCcGet', { type: 'TelNow', parameter: SAMPLES.landline[1] }],
  ['billingInquiryCcGet', { type: 'MobileNow', parameter: SAMPLES.mtn[1], secondParameter: 'MTN' }],
  ['billingDetailInquiryCcGet', { type: 'Electricity', parameter: SAMPLES.electricity[1] }],
  ['billingDetailInquiryCcGet', { type: 'Gas', parameter: SAMPLES.gasSubscription[0] }],
  ['billingBillHistoryInquiryGet', { type: 'Electricity', parameter: SAMPLES.electricity[0] }],
  ['billingNegativeScoreGet', { licenseNumber: '5544332211', nationalID: '0499370899', mobile: '09351234567' }],
];

describe('one deterministic world', () => {
  it.each(inputs)('answers %s %j the same on every call and on every sandbox', async (id, query) => {
    const a1 = resultOf(await callOperation(first, id, { token: firstToken, query }));
    const a2 = resultOf(await callOperation(first, id, { token: firstToken, query }));
    const b = resultOf(await callOperation(second, id, { token: secondToken, query }));
    expect(a2).toEqual(a1);
    expect(b).toEqual(a1);
  });

  it('gives different bill ids different bills', () => {
    const bills = Array.from({ length: 20 }, (_, i) =>
      currentBill({ type: 'Water', parameter: withCheckDigit(`55500${i}0011`) }),
    );
    expect(new Set(bills.map((bill) => `${bill.amount}|${bill.date}`)).size).toBeGreaterThan(10);
  });

  it('does not depend on the clock', () => {
    const input = { type: 'Electricity', parameter: SAMPLES.electricity[0] } as const;
    const today = { current: currentBill(input), detail: detailedBill(input), history: billHistory(input) };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
      expect({ current: currentBill(input), detail: detailedBill(input), history: billHistory(input) }).toEqual(today);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps amounts whole thousands, sometimes zero, with valid ids, across many inputs', () => {
    let zeros = 0;
    const types = ['Water', 'Electricity', 'Electricity-standard', 'GasByBillId'] as const;
    for (let n = 0; n < 400; n++) {
      const type = types[n % types.length] ?? 'Water';
      const bill = currentBill({ type, parameter: withCheckDigit(String(300000 + n * 7919)) });
      expect(bill.amount % 1000).toBe(0);
      expect(bill.payId).toMatch(/^[1-9]\d{4,12}$/);
      expect(bill.date).toMatch(/^1405\/08\/(1\d|2\d)$/);
      if (bill.amount === 0) zeros++;
    }
    for (let n = 0; n < 100; n++) {
      const mobile = currentBill({ type: 'Mobile', parameter: `0912${String(n).padStart(7, '0')}` });
      const landline = currentBill({ type: 'Tel', parameter: `0217${String(n).padStart(7, '0')}` });
      const gas = currentBill({ type: 'Gas', parameter: String(100000 + n) });
      for (const bill of [mobile, landline, gas]) {
        expect(isValidBillId(bill.billId)).toBe(true);
        expect(bill.billId).toMatch(/^[1-9]\d{12}$/);
        expect(bill.amount % 1000).toBe(0);
      }
    }
    expect(zeros).toBeGreaterThan(0);
    expect(zeros).toBeLessThan(200);
  });
});
