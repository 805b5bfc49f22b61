/**
 * Bounced (returned) cheques of people and companies (wire facts §4.7 backCheques), and the Sayad
 * cheque colour the central bank derives from them, so colour and cheques always agree.
 */
import { accountsOf, formatDeposit } from './accounts.js';
import { BANKS } from './banks.js';
import { isValidNationalId } from './checks.js';
import { branchOf, compactDate, daysAgo } from './creditCommon.js';
import { addDays } from '../calendar.js';
import { Dice } from './dice.js';

export interface WorldBouncedCheque {
  readonly bankCode: string;
  readonly branchCode: string;
  readonly branchDescription: string;
  readonly accountNumber: string;
  /** Rials, a string of digits. */
  readonly amount: string;
  /** The date written on the cheque, Jalali `YYYYMMDD`. */
  readonly date: string;
  /** The day it bounced, Jalali `YYYYMMDD`. */
  readonly backDate: string;
  /** The cheque's serial number. */
  readonly number: string;
  /** Its 16-digit Sayad id. */
  readonly id: string;
}

const NONE_CHANCE = 0.7;
/** How many cheques a drawer with bounced cheques has: weights chosen so every colour occurs. */
const COUNTS: readonly (readonly [min: number, max: number, weight: number])[] = [
  [1, 1, 0.4],
  [2, 4, 0.35],
  [5, 10, 0.18],
  [11, 14, 0.07],
];

function countOf(dice: Dice): number {
  let roll = dice.next();
  for (const [min, max, weight] of COUNTS) {
    if (roll < weight) return dice.int(min, max);
    roll -= weight;
  }
  return 1;
}

/**
 * The bounced cheques drawn by a national id (10 digits) or legal id (11 digits), oldest first: none for
 * about 70%. A person's cheques are drawn on their own accounts of the world.
 */
export function bouncedChequesOf(id: string): WorldBouncedCheque[] {
  const dice = new Dice(`bounced|${id}`);
  if (dice.chance(NONE_CHANCE)) return [];
  const accounts = id.length === 10 && isValidNationalId(id) ? accountsOf(id) : [];
  const count = countOf(dice);
  return Array.from({ length: count }, () => {
    const account = accounts.length > 0 ? dice.pick(accounts) : undefined;
    const bank = account?.bank ?? dice.pick(BANKS);
    const branch = branchOf(dice, bank, account?.branch);
    const written = daysAgo(dice, 20, 1000);
    return {
      bankCode: bank.code,
      branchCode: branch.code,
      branchDescription: branch.description,
      accountNumber: account?.deposit ?? formatDeposit(`${branch.code}010${dice.digits(10)}`, bank.separator),
      amount: String(dice.int(2, 90) * 1_000_000),
      date: compactDate(written),
      backDate: compactDate(addDays(written, dice.int(0, 15))),
      number: dice.digits(6),
      id: dice.digits(16),
    };
  }).sort((a, b) => a.backDate.localeCompare(b.backDate));
}

/** Colour codes of chequeColorInquiry: 1 white, 2 yellow, 3 orange, 4 brown, 5 red. */
export type ChequeColourCode = '1' | '2' | '3' | '4' | '5';

const MILLION = 1_000_000;

/**
 * The colour a list of bounced cheques gives (wire facts §4.7): the worse of what the count and the
 * total amount give. Yellow: one cheque or up to 50M rials; orange: 2–4 cheques or up to 200M; brown:
 * 5–10 cheques or up to 500M; red: more than 10 cheques or more than 500M; white: none.
 */
export function chequeColourOf(cheques: readonly Pick<WorldBouncedCheque, 'amount'>[]): ChequeColourCode {
  const count = cheques.length;
  if (count === 0) return '1';
  const total = cheques.reduce((sum, cheque) => sum + Number(cheque.amount), 0);
  const byCount = count === 1 ? 2 : count <= 4 ? 3 : count <= 10 ? 4 : 5;
  const byAmount = total <= 50 * MILLION ? 2 : total <= 200 * MILLION ? 3 : total <= 500 * MILLION ? 4 : 5;
  return String(Math.max(byCount, byAmount)) as ChequeColourCode;
}
