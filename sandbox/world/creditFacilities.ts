/**
 * The loans (facilities) of people and companies, as the credit bureau reports them (wire facts §4.7
 * facilityInquiry). Drawn from the id alone; a person borrows at the banks they hold accounts at.
 */
import { addMonths } from '../calendar.js';
import { BANKS, type Bank } from './banks.js';
import { isValidNationalId } from './checks.js';
import { branchOf, compactDate, daysAgo } from './creditCommon.js';
import { Dice } from './dice.js';
import { personOf } from './persons.js';

/** Contract type codes 10–26 (wire facts §4.7). */
export const FACILITY_TYPES = [
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '22',
  '23',
  '24',
  '25',
  '26',
] as const;

export type FacilityStanding = 'current' | 'pastDue' | 'deferred' | 'doubtful';

export const FACILITY_STATUS_TEXT: Readonly<Record<FacilityStanding, string>> = {
  current: 'جاری',
  pastDue: 'سررسید گذشته',
  deferred: 'معوق',
  doubtful: 'مشکوک الوصول',
};

export interface WorldFacility {
  readonly bank: Bank;
  readonly branchCode: string;
  readonly branchDescription: string;
  readonly requestNo: string;
  readonly requestType: string;
  /** Contract type code, `10`–`26`. */
  readonly type: (typeof FACILITY_TYPES)[number];
  readonly standing: FacilityStanding;
  /** Rials, strings of digits. */
  readonly original: string;
  readonly benefit: string;
  readonly debt: string;
  readonly pastDue: string;
  readonly deferred: string;
  readonly doubtful: string;
  readonly obligation: string;
  /** Jalali `YYYYMMDD`. */
  readonly setDate: string;
  readonly endDate: string;
  /** Designed (its values documented nowhere): `1` for a qarz-al-hasaneh loan (type 10), else `2`. */
  readonly group: string;
  /** Jalali `YYYYMMDD`, six months after the loan was set, for a moratorium request (`استمهال`); else null. */
  readonly moratoriumDate: string | null;
}

const NONE_CHANCE = 0.45;
const REQUEST_TYPES = ['تسهیلات جدید', 'تمدید', 'استمهال'] as const;
const STANDINGS: readonly (readonly [FacilityStanding, number])[] = [
  ['current', 0.7],
  ['pastDue', 0.15],
  ['deferred', 0.1],
  ['doubtful', 0.05],
];

function standingOf(dice: Dice): FacilityStanding {
  let roll = dice.next();
  for (const [standing, weight] of STANDINGS) {
    if (roll < weight) return standing;
    roll -= weight;
  }
  return 'current';
}

function facilityOf(dice: Dice, bank: Bank, scale: number): WorldFacility {
  const original = dice.int(5, 400) * 1_000_000 * scale;
  const years = dice.int(1, 5);
  const benefit = Math.round((original * dice.int(18, 23) * years) / 200);
  const debt = Math.round(((original + benefit) * dice.int(5, 95)) / 100);
  const standing = standingOf(dice);
  const overdue = Math.round((debt * dice.int(5, 40)) / 100);
  const set = daysAgo(dice, 60, 365 * years);
  const branch = branchOf(dice, bank);
  // Drawn in the order they always were, so that the world stays the same.
  const requestNo = dice.digits(10);
  const requestType = dice.pick(REQUEST_TYPES);
  const type = dice.pick(FACILITY_TYPES);
  return {
    bank,
    branchCode: branch.code,
    branchDescription: branch.description,
    requestNo,
    requestType,
    type,
    standing,
    original: String(original),
    benefit: String(benefit),
    debt: String(debt),
    pastDue: String(standing === 'pastDue' ? overdue : 0),
    deferred: String(standing === 'deferred' ? overdue : 0),
    doubtful: String(standing === 'doubtful' ? overdue : 0),
    obligation: '0',
    setDate: compactDate(set),
    endDate: compactDate(addMonths(set, years * 12)),
    group: type === '10' ? '1' : '2',
    moratoriumDate: requestType === 'استمهال' ? compactDate(addMonths(set, 6)) : null,
  };
}

/**
 * The facilities of a national id (10 digits) or legal id (11 digits): none for about 45%, else one to
 * five. A company's loans are ten times larger, at any bank of the world.
 */
export function facilitiesOf(id: string): WorldFacility[] {
  const dice = new Dice(`facilities|${id}`);
  if (dice.chance(NONE_CHANCE)) return [];
  const person = id.length === 10 && isValidNationalId(id);
  const banks = person ? personOf(id).banks : BANKS;
  return Array.from({ length: dice.int(1, 5) }, () => facilityOf(dice, dice.pick(banks), person ? 1 : 10));
}

const sum = (values: readonly string[]): string => String(values.reduce((total, value) => total + Number(value), 0));

/** The totals the report carries over a list of facilities. */
export function facilityTotals(facilities: readonly WorldFacility[]) {
  return {
    total: sum(facilities.map((f) => f.original)),
    debt: sum(facilities.map((f) => f.debt)),
    pastDue: sum(facilities.map((f) => f.pastDue)),
    deferred: sum(facilities.map((f) => f.deferred)),
    doubtful: sum(facilities.map((f) => f.doubtful)),
    /** Deferred or doubtful debt makes the borrower a bad debtor. */
    dishonoured: facilities.some((f) => f.standing === 'deferred' || f.standing === 'doubtful'),
  };
}
