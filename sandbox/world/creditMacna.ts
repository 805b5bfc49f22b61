/**
 * The central bank's card-issuance registry (MACNA, wire facts §4.7 macnaInquiry): the cards of the
 * world a person holds, masked, and how many more they may be issued.
 */
import { cardsOf } from './accounts.js';
import { AYANDEH_CODE, bankByBin, type Bank } from './banks.js';
import { Dice } from './dice.js';
import { REFERENCE_DAY } from './records.js';
import { toGregorian } from 'jalaali-js';

/** Debit cards a person may hold across all banks, and at the one bank asking (Ayandeh, the upstream's bank). */
export const CARD_ALLOWANCE = { iran: 40, bank: 10 } as const;

export interface MacnaCard {
  readonly macnaCode: string;
  /** First 6 and last 4 digits, the rest starred. */
  readonly pan: string;
  readonly bank: Bank;
  /** Gregorian `YYYY-MM-DD`. */
  readonly issueDate: string;
}

export const maskPan = (card: string): string => `${card.slice(0, 6)}******${card.slice(-4)}`;

const pad = (n: number) => String(n).padStart(2, '0');

function issueDateOf(card: string): string {
  const dice = new Dice(`macna|${card}`);
  const { gy, gm, gd } = toGregorian(REFERENCE_DAY.jy, REFERENCE_DAY.jm, REFERENCE_DAY.jd);
  const day = new Date(Date.UTC(gy, gm - 1, gd) - dice.int(30, 3000) * 86_400_000);
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
}

/** The person's cards as the registry lists them, oldest first. */
export function macnaCardsOf(nationalId: string): MacnaCard[] {
  return cardsOf(nationalId)
    .map((card) => {
      const bank = bankByBin(card.slice(0, 6));
      if (!bank) throw new Error(`card ${card} has no bank`);
      return {
        macnaCode: new Dice(`macna-code|${card}`).digits(12),
        pan: maskPan(card),
        bank,
        issueDate: issueDateOf(card),
      };
    })
    .sort((a, b) => a.issueDate.localeCompare(b.issueDate));
}

/** How many more cards the person may be issued, nationwide and at Ayandeh. */
export function cardAllowanceOf(cards: readonly MacnaCard[]): { iran: number; bank: number } {
  const atAyandeh = cards.filter((card) => card.bank.code === AYANDEH_CODE).length;
  return { iran: Math.max(0, CARD_ALLOWANCE.iran - cards.length), bank: Math.max(0, CARD_ALLOWANCE.bank - atAyandeh) };
}
