/** Small pieces the credit records of the world share: compact Jalali dates and bank branches. */
import { addDays, type JalaliDate } from '../calendar.js';
import type { Bank } from './banks.js';
import type { Dice } from './dice.js';
import { PROVINCES } from './namesAndPlaces.js';
import { REFERENCE_DAY } from './records.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Jalali `YYYYMMDD`, the date format of the credit inquiries. */
export const compactDate = (date: JalaliDate): string => `${pad(date.jy, 4)}${pad(date.jm)}${pad(date.jd)}`;

/** A day between `minDays` and `maxDays` before the world's reference day. */
export const daysAgo = (dice: Dice, minDays: number, maxDays: number): JalaliDate =>
  addDays(REFERENCE_DAY, -dice.int(minDays, maxDays));

export interface Branch {
  readonly code: string;
  /** As the credit bureau writes it: bank, city, branch. */
  readonly description: string;
}

const BRANCH_NAMES = [
  'مرکزی',
  'میدان انقلاب',
  'بازار',
  'ولیعصر',
  'آزادی',
  'امام خمینی',
  'جمهوری',
  'فردوسی',
  'پارک ملت',
] as const;

/** A branch of `bank`, with a code that is `given` when the record already names one. */
export function branchOf(dice: Dice, bank: Bank, given?: string): Branch {
  const city = dice.pick(PROVINCES).city;
  const code = given ?? String(dice.int(100, 9999)).padStart(4, '0');
  return { code, description: `${bank.name} - ${city} - ${dice.pick(BRANCH_NAMES)}` };
}
