/**
 * Sayad chequebooks of the world's accounts (wire facts §4.8). About half of the active current and
 * savings accounts hold one book of 10 or 25 leaves. A leaf's Sayad id is the bank code, the account's
 * 9-digit key and the leaf's 4-digit number, so any Sayad id leads back to its account and book.
 */
import { addDays, type JalaliDate } from '../calendar.js';
import { accountAt, type Account } from './accounts.js';
import { bankByCode } from './banks.js';
import { Dice } from './dice.js';
import { REFERENCE_DAY } from './records.js';

export interface WorldChequebook {
  readonly account: Account;
  readonly seriesNo: string;
  /** Serial number of the first leaf; the others follow. */
  readonly serialFrom: number;
  readonly sheets: number;
  readonly mediaType: 'BANS' | 'CHD';
  readonly issuedOn: JalaliDate;
  readonly expiresOn: JalaliDate;
  /** Sayad ids of the leaves, first leaf first. */
  readonly sayadIds: readonly string[];
}

export interface WorldLeaf {
  readonly book: WorldChequebook;
  readonly sayadId: string;
  readonly serialNo: string;
}

export function chequebooksOf(account: Account): WorldChequebook[] {
  const dice = new Dice(`chequebook|${account.iban}`);
  if (account.status !== '02' || !dice.chance(0.5)) return [];
  const sheets = dice.pick([10, 25]);
  const first = dice.int(0, 40) * 25 + 1;
  const issuedOn = addDays(REFERENCE_DAY, -dice.int(30, 600));
  return [
    {
      account,
      seriesNo: dice.digits(6),
      serialFrom: dice.int(100_000, 899_999),
      sheets,
      mediaType: dice.chance(0.2) ? 'CHD' : 'BANS',
      issuedOn,
      expiresOn: addDays(issuedOn, 3 * 365),
      sayadIds: Array.from(
        { length: sheets },
        (_, i) => `${account.bank.code}${account.key}${String(first + i).padStart(4, '0')}`,
      ),
    },
  ];
}

/** The leaf a Sayad id names; undefined when no chequebook of the world has it. */
export function leafOf(sayadId: string): WorldLeaf | undefined {
  if (!/^\d{16}$/.test(sayadId)) return undefined;
  const bank = bankByCode(sayadId.slice(0, 3));
  if (!bank) return undefined;
  const account = accountAt(bank, sayadId.slice(3, 12));
  for (const book of chequebooksOf(account)) {
    const index = book.sayadIds.indexOf(sayadId);
    if (index >= 0) return { book, sayadId, serialNo: String(book.serialFrom + index) };
  }
  return undefined;
}
