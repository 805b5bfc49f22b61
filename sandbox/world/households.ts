/**
 * Who banks where. National ids that share their first 8 digits form a household of (at most) 10
 * people. The 16 banks are dealt over the household so that every bank has at least one holder in
 * it and every member holds 1 to 3 banks.
 *
 * Why households: every Luhn-valid card of a known BIN must have an owner, and a person's cards must
 * be exactly the cards that map back to them. A card carries 9 digits of a national id; when that
 * person does not bank at the card's bank, the card belongs to a member of the same household who
 * does. So owners stay computable both ways: card → owner, and person → every card (scan 10 keys).
 */
import { BANKS, type Bank } from './banks.js';
import { nationalIdCheckDigit } from './checks.js';
import { Dice } from './dice.js';

export interface Member {
  /** Last digit of the 9-digit key, 0–9. */
  readonly slot: number;
  readonly nationalId: string;
  /** Bank indexes, ascending. */
  readonly banks: readonly number[];
}

export interface Household {
  /** The shared first 8 digits. */
  readonly prefix: string;
  /** Members by slot; a slot whose national id would repeat one digit ten times is empty. */
  readonly members: readonly (Member | undefined)[];
}

const MAX_BANKS = 3;
const EXTRA_BANK_CHANCE = 0.45;

/** The national id whose first 9 digits are `key`, or undefined when it would be one digit repeated. */
export function nationalIdOfKey(key: string): string | undefined {
  const nid = key + String(nationalIdCheckDigit(key));
  return /^(\d)\1{9}$/.test(nid) ? undefined : nid;
}

function shuffled<T>(items: readonly T[], dice: Dice): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = dice.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const cache = new Map<string, Household>();
const CACHE_LIMIT = 5000;

export function householdOf(prefix: string): Household {
  const cached = cache.get(prefix);
  if (cached) return cached;
  const dice = new Dice(`household|${prefix}`);
  const slots = Array.from({ length: 10 }, (_, slot) => slot).filter(
    (slot) => nationalIdOfKey(prefix + slot) !== undefined,
  );
  const held = new Map<number, Set<number>>(slots.map((slot) => [slot, new Set<number>()]));
  const order = shuffled(slots, dice);
  shuffled(
    BANKS.map((bank) => bank.index),
    dice,
  ).forEach((bank, i) => held.get(order[i % order.length]!)!.add(bank));
  for (const slot of slots) {
    const banks = held.get(slot)!;
    while (banks.size < MAX_BANKS && dice.chance(EXTRA_BANK_CHANCE)) banks.add(dice.int(0, BANKS.length - 1));
  }
  const members = Array.from({ length: 10 }, (_, slot) => {
    const banks = held.get(slot);
    const nationalId = nationalIdOfKey(prefix + slot);
    return banks && nationalId ? { slot, nationalId, banks: [...banks].sort((a, b) => a - b) } : undefined;
  });
  const household = { prefix, members };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(prefix, household);
  return household;
}

/** Members holding a bank, by ascending slot; never empty. */
export function holdersOf(household: Household, bank: Bank): Member[] {
  return household.members.filter((m): m is Member => m !== undefined && m.banks.includes(bank.index));
}

/** The owner of the card or account whose 9-digit key is `key` at `bank`. */
export function primaryHolder(bank: Bank, key: string): Member {
  const household = householdOf(key.slice(0, 8));
  const slot = Number(key[8]);
  const holders = holdersOf(household, bank);
  return holders.find((m) => m.slot === slot) ?? holders[(slot + bank.index) % holders.length]!;
}

export function memberOf(nationalId: string): Member {
  const member = householdOf(nationalId.slice(0, 8)).members[Number(nationalId[8])];
  if (!member || member.nationalId !== nationalId) throw new RangeError(`${nationalId} is not a valid national id`);
  return member;
}

/** The banks a person holds cards and accounts at, in table order. */
export const banksOf = (nationalId: string): Bank[] => memberOf(nationalId).banks.map((i) => BANKS[i]!);
