/**
 * Sayad chequebooks of the world's accounts (wire facts §4.8). About half of the active current and
 * savings accounts hold one book of 10 or 25 leaves. A leaf's Sayad id is the bank code, the account's
 * 9-digit key and the leaf's 4-digit number, so any Sayad id leads back to its account and book. The
 * series and serial numbers name the account too (see `bookNumbers`), so a leaf's serial and series
 * lead back to it as well.
 */
import { addDays, type JalaliDate } from '../calendar.js';
import { accountAt, type Account } from './accounts.js';
import { BANKS, bankByCode, bankByIndex } from './banks.js';
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

/** Books per series: the account's number (bank index and key) is spread over the series and the serials. */
const BOOKS_PER_SERIES = 32_000;
/** Serial numbers are 6 digits: each book has 25 of them from here, whatever its sheets. */
const FIRST_SERIAL = 100_000;
const SERIALS_PER_BOOK = 25;

/**
 * The series number and first serial of an account's book (designed): the account's number `A` (its
 * bank's index, then its 9-digit key) gives the series `A / 32000` (6 digits) and the first serial
 * `100000 + (A mod 32000) × 25`, so that every book's serials are 6 digits and no two books share a leaf.
 */
function bookNumbers(account: Account): { seriesNo: string; serialFrom: number } {
  // Past 31 banks a series would take 7 digits, and `leafOfSerial` would not find its books.
  if (BANKS.length * 1_000_000_000 > BOOKS_PER_SERIES * 1_000_000) throw new Error('too many banks for 6-digit series');
  const number = account.bank.index * 1_000_000_000 + Number(account.key);
  return {
    seriesNo: String(Math.floor(number / BOOKS_PER_SERIES)).padStart(6, '0'),
    serialFrom: FIRST_SERIAL + (number % BOOKS_PER_SERIES) * SERIALS_PER_BOOK,
  };
}

export function chequebooksOf(account: Account): WorldChequebook[] {
  const dice = new Dice(`chequebook|${account.iban}`);
  if (account.status !== '02' || !dice.chance(0.5)) return [];
  const sheets = dice.pick([10, 25]);
  const first = dice.int(0, 40) * 25 + 1;
  const issuedOn = addDays(REFERENCE_DAY, -dice.int(30, 600));
  // Two draws left unused (the numbers come from the account): the media is drawn after them.
  dice.digits(6);
  dice.int(100_000, 899_999);
  return [
    {
      account,
      ...bookNumbers(account),
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

/** The leaf of a serial number in a series; undefined when no chequebook of the world has it. */
export function leafOfSerial(serialNo: string, seriesNo: string): WorldLeaf | undefined {
  if (!/^\d{6}$/.test(serialNo) || !/^\d{6}$/.test(seriesNo)) return undefined;
  const offset = Number(serialNo) - FIRST_SERIAL;
  if (offset < 0) return undefined;
  const number = Number(seriesNo) * BOOKS_PER_SERIES + Math.floor(offset / SERIALS_PER_BOOK);
  const index = Math.floor(number / 1_000_000_000);
  if (index >= BANKS.length) return undefined;
  const account = accountAt(bankByIndex(index), String(number % 1_000_000_000).padStart(9, '0'));
  for (const book of chequebooksOf(account)) {
    const leaf = Number(serialNo) - book.serialFrom;
    const sayadId = book.sayadIds[leaf];
    if (book.seriesNo === seriesNo && leaf >= 0 && sayadId !== undefined) return { book, sayadId, serialNo };
  }
  return undefined;
}
