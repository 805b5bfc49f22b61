/**
 * Opening balances of the world's accounts, in rials, drawn from the account: from a few million to a
 * few hundred billion, so every rail (internal, Paya, Satna) has accounts that can pay it. Transfers
 * move money from these balances in the sandbox's ledger; the world itself never changes.
 */
import type { Account } from './accounts.js';
import { Dice } from './dice.js';

const MILLION = 1_000_000n;

export function openingBalanceOf(account: Pick<Account, 'iban'>): bigint {
  const dice = new Dice(`balance|${account.iban}`);
  const millions = dice.pick([5, 40, 250, 900, 3_000, 25_000, 400_000]);
  return BigInt(dice.int(millions, millions * 2)) * MILLION;
}
