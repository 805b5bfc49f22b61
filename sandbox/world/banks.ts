/**
 * The banks of the fictional world: the 3-digit codes of wire facts §2.8 and the large state and private
 * banks, each with its Persian name and one 6-digit card BIN. The table order is part of the world: a
 * bank's `index` is written into every branch code of its accounts (see accounts.ts).
 */

export interface Bank {
  readonly index: number;
  readonly code: string;
  readonly name: string;
  readonly bin: string;
  /** Separator of the bank's own account-number format. */
  readonly separator: '.' | '-';
}

type BankRow = Omit<Bank, 'index'>;

const ROWS: readonly BankRow[] = [
  { code: '017', name: 'بانک ملی ایران', bin: '603799', separator: '.' },
  { code: '012', name: 'بانک ملت', bin: '610433', separator: '.' },
  { code: '019', name: 'بانک صادرات ایران', bin: '603769', separator: '.' },
  { code: '018', name: 'بانک تجارت', bin: '627353', separator: '.' },
  { code: '056', name: 'بانک سامان', bin: '621986', separator: '-' },
  { code: '016', name: 'بانک کشاورزی', bin: '603770', separator: '.' },
  { code: '015', name: 'بانک سپه', bin: '589210', separator: '.' },
  { code: '057', name: 'بانک پاسارگاد', bin: '502229', separator: '.' },
  { code: '062', name: 'بانک آینده', bin: '636214', separator: '.' },
  { code: '054', name: 'بانک پارسیان', bin: '622106', separator: '.' },
  { code: '055', name: 'بانک اقتصاد نوین', bin: '627412', separator: '-' },
  { code: '061', name: 'بانک شهر', bin: '502806', separator: '.' },
  { code: '066', name: 'بانک دی', bin: '502938', separator: '-' },
  { code: '078', name: 'بانک خاورمیانه', bin: '585947', separator: '.' },
  { code: '069', name: 'بانک ایران زمین', bin: '505785', separator: '-' },
  { code: '063', name: 'بانک انصار', bin: '627381', separator: '.' },
];

export const BANKS: readonly Bank[] = ROWS.map((row, index) => ({ ...row, index }));

/** Pasargad is the one bank whose account numbers depositToIban takes in the bank's own format. */
export const PASARGAD_CODE = '057';
/** getAccountInfo answers for Ayandeh only (wire facts §4.1). */
export const AYANDEH_CODE = '062';

const byCode = new Map(BANKS.map((bank) => [bank.code, bank]));
const byBin = new Map(BANKS.map((bank) => [bank.bin, bank]));

export const bankByCode = (code: string): Bank | undefined => byCode.get(code);
export const bankByBin = (bin: string): Bank | undefined => byBin.get(bin);

export function bankByIndex(index: number): Bank {
  const bank = BANKS[index];
  if (!bank) throw new RangeError(`no bank at index ${index}`);
  return bank;
}
