/**
 * Cards, accounts and IBANs. One 9-digit key per bank names one card and its account:
 *
 *   card     BIN(6) + key(9) + Luhn(1)
 *   account  branch(4) + type(3) + key(9) + check(1), shown as `BBBB.TTT.KKKKKKKKK.C` ('-' for some banks)
 *   IBAN     IR + mod-97 check(2) + bank code(3) + `00` + the 17 account digits
 *
 * The branch and type are drawn from the key, and the branch code modulo 16 is the bank's table index,
 * so an account number alone names its bank, and a random IBAN body almost never decodes to an account.
 * The key is the first 9 digits of the owner's national id, unless that person does not bank there
 * (see households.ts).
 */
import { BANKS, bankByBin, bankByCode, bankByIndex, type Bank } from './banks.js';
import { ibanCheckDigits, isValidIbanSyntax, luhnCheckDigit, passesLuhn } from './checks.js';
import { Dice } from './dice.js';
import { holdersOf, householdOf, memberOf, primaryHolder } from './households.js';

/** 02 active, 03 blocked with deposits allowed, 04 blocked, 05 dormant (spec §4.2). */
export type AccountStatus = '02' | '03' | '04' | '05';
/** 010 current, 030 short-term, 040 qarz-al-hasaneh savings, 045 long-term (wire facts §4.1). */
export type AccountType = '010' | '030' | '040' | '045';

export const ACCOUNT_TYPE_NAMES: Readonly<Record<AccountType, string>> = {
  '010': 'حساب جاری',
  '030': 'سپرده کوتاه مدت',
  '040': 'سپرده قرض الحسنه پس انداز',
  '045': 'سپرده بلند مدت',
};

export interface Account {
  readonly bank: Bank;
  /** The 9 digits shared by the card and the account. */
  readonly key: string;
  readonly card: string;
  readonly branch: string;
  readonly accountType: AccountType;
  /** The 17 digits of the account number, no separators. */
  readonly digits: string;
  /** The account number in the bank's own format. */
  readonly deposit: string;
  readonly iban: string;
  readonly status: AccountStatus;
  /** National ids, the card holder first; two for a joint account. */
  readonly owners: readonly string[];
  readonly joint: boolean;
}

// Only banks with two holders in a household can have joint accounts; this gives about 1 account in 5.
const JOINT_CHANCE = 0.75;

function weighted<T>(dice: Dice, table: readonly (readonly [T, number])[]): T {
  let roll = dice.next();
  for (const [value, weight] of table) {
    if (roll < weight) return value;
    roll -= weight;
  }
  return table[table.length - 1]![0];
}

export const cardNumber = (bank: Bank, key: string): string => {
  const body = bank.bin + key;
  return body + String(luhnCheckDigit(body));
};

export const ibanOfDigits = (bank: Bank, digits: string): string => {
  const bban = `${bank.code}00${digits}`;
  return `IR${ibanCheckDigits(bban)}${bban}`;
};

export const formatDeposit = (digits: string, separator: string): string =>
  [digits.slice(0, 4), digits.slice(4, 7), digits.slice(7, 16), digits.slice(16)].join(separator);

/** The card and account of a key at a bank. Every key names one. */
export function accountAt(bank: Bank, key: string): Account {
  if (!/^\d{9}$/.test(key)) throw new RangeError(`account key must be 9 digits, got ${key}`);
  const dice = new Dice(`account|${bank.code}|${key}`);
  const branch = String(16 * dice.int(0, 624) + bank.index).padStart(4, '0');
  const accountType = weighted<AccountType>(dice, [
    ['030', 0.5],
    ['040', 0.25],
    ['010', 0.2],
    ['045', 0.05],
  ]);
  const head = branch + accountType + key;
  const digits = head + String(luhnCheckDigit(bank.code + head));
  const status = weighted<AccountStatus>(dice, [
    ['02', 0.88],
    ['03', 0.04],
    ['04', 0.04],
    ['05', 0.04],
  ]);
  const primary = primaryHolder(bank, key);
  const others = holdersOf(householdOf(key.slice(0, 8)), bank).filter((m) => m.slot !== primary.slot);
  const second = others.length > 0 && dice.chance(JOINT_CHANCE) ? dice.pick(others) : undefined;
  return {
    bank,
    key,
    card: cardNumber(bank, key),
    branch,
    accountType,
    digits,
    deposit: formatDeposit(digits, bank.separator),
    iban: ibanOfDigits(bank, digits),
    status,
    owners: second ? [primary.nationalId, second.nationalId] : [primary.nationalId],
    joint: second !== undefined,
  };
}

/** The account of 17 account digits at a bank, or undefined when they name none. */
export function accountOfDigits(bank: Bank, digits: string): Account | undefined {
  if (!/^\d{17}$/.test(digits)) return undefined;
  const account = accountAt(bank, digits.slice(7, 16));
  return account.digits === digits ? account : undefined;
}

/** A Luhn-valid 16-digit card of a known BIN; anything else is undefined. */
export function accountOfCard(card: string): Account | undefined {
  if (!/^\d{16}$/.test(card) || !passesLuhn(card)) return undefined;
  const bank = bankByBin(card.slice(0, 6));
  return bank ? accountAt(bank, card.slice(6, 15)) : undefined;
}

export function accountOfIban(iban: string): Account | undefined {
  if (!isValidIbanSyntax(iban)) return undefined;
  const bank = bankByCode(iban.slice(4, 7));
  const body = iban.slice(7);
  return bank && body.startsWith('00') ? accountOfDigits(bank, body.slice(2)) : undefined;
}

/** National ids owning an IBAN's account, the card holder first; empty when it names no account. */
export const ownersOf = (iban: string): readonly string[] => accountOfIban(iban)?.owners ?? [];

export interface DepositNumber {
  readonly digits: string;
  readonly separator: '.' | '-' | '/';
}

/** An account number in the world's grouping 4-3-9-1 with one kind of separator, or undefined. */
export function parseDeposit(text: string): DepositNumber | undefined {
  const match = /^(\d{4})([./-])(\d{3})\2(\d{9})\2(\d)$/.exec(text);
  if (!match) return undefined;
  return { digits: match[1]! + match[3]! + match[4]! + match[5]!, separator: match[2] as DepositNumber['separator'] };
}

/** The bank an account number's branch code names. */
export const bankOfDigits = (digits: string): Bank => bankByIndex(Number(digits.slice(0, 4)) % BANKS.length);

/** An account by its number, at `bank` when given, else at the bank its branch code names. */
export function accountOfDeposit(deposit: string, bank?: Bank): Account | undefined {
  const parsed = parseDeposit(deposit);
  return parsed ? accountOfDigits(bank ?? bankOfDigits(parsed.digits), parsed.digits) : undefined;
}

function keysOfHousehold(nationalId: string): string[] {
  return Array.from({ length: 10 }, (_, slot) => nationalId.slice(0, 8) + slot);
}

/** Every card the person holds: exactly the cards whose account lists them first. */
export function cardsOf(nationalId: string): string[] {
  const member = memberOf(nationalId);
  return member.banks.flatMap((index) => {
    const bank = bankByIndex(index);
    return keysOfHousehold(nationalId)
      .filter((key) => primaryHolder(bank, key).nationalId === nationalId)
      .map((key) => cardNumber(bank, key));
  });
}

/** Every account the person owns, alone or jointly. */
export function accountsOf(nationalId: string): Account[] {
  const member = memberOf(nationalId);
  return member.banks.flatMap((index) =>
    keysOfHousehold(nationalId)
      .map((key) => accountAt(bankByIndex(index), key))
      .filter((account) => account.owners.includes(nationalId)),
  );
}
