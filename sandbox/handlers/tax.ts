/**
 * kycSmsTaxInquiryGet, in the shape designed in its catalog notes: query `nationalCode`; result
 * `{ nationalCode, debts: [{ taxType, period, amount, dueDate, status }] }`. Debts are derived from
 * the national id alone, so the same person always owes the same; about a third owe nothing.
 */
import { validationError } from '../envelopes.js';
import { isValidNationalId } from '../validation.js';
import { Dice } from '../world/dice.js';
import { done, fail, type OperationHandler } from './types.js';

const TAX_TYPES = [
  'مالیات بر درآمد مشاغل',
  'مالیات بر ارزش افزوده',
  'مالیات بر درآمد اجاره املاک',
  'مالیات نقل و انتقال خودرو',
] as const;
const STATUSES = ['UNPAID', 'OVERDUE', 'INSTALLMENT'] as const;
/** The tax years debts fall in; each is due at the end of Khordad (the 31st of month 3) of the next year. */
const FIRST_YEAR = 1398;
const LAST_YEAR = 1403;

export interface TaxDebt {
  readonly taxType: string;
  readonly period: string;
  readonly amount: string;
  readonly dueDate: string;
  readonly status: (typeof STATUSES)[number];
}

/** The tax debts of a person: none, or one to four in distinct tax years, oldest first. */
export function taxDebtsOf(nationalCode: string): TaxDebt[] {
  const dice = new Dice(`tax:${nationalCode}`);
  if (dice.chance(0.35)) return [];
  const years = new Set<number>();
  const count = dice.int(1, 4);
  while (years.size < count) years.add(dice.int(FIRST_YEAR, LAST_YEAR));
  return [...years]
    .sort((a, b) => a - b)
    .map((year) => ({
      taxType: dice.pick(TAX_TYPES),
      period: String(year),
      amount: String(dice.int(3, 2_500) * 100_000),
      dueDate: `${year + 1}/03/31`,
      status: dice.pick(STATUSES),
    }));
}

export const taxInquiry: OperationHandler = ({ query }) => {
  const nationalCode = query['nationalCode'] ?? '';
  if (!isValidNationalId(nationalCode)) return fail(validationError('invalid nationalCode'));
  return done({ nationalCode, debts: taxDebtsOf(nationalCode) });
};
