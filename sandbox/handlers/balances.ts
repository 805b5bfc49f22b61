/**
 * The balance of an account (wire facts §4.9, `deposits/{deposit}/balance`) under its holder's
 * authorization-code token: only an account the token's person holds at the token's bank (400 `invalid
 * deposit` otherwise, as the statement). The balances are the ledger's, where the statement ends: JSON
 * numbers, signed; `debit` when the available balance is negative. Khavarmianeh (078) also gives
 * `freezeAmount`: the sandbox freezes nothing, so 0 (designed).
 */
import type { Ledger } from '../ledger.js';
import { accountOfDeposit } from '../world/accounts.js';
import { guarded, reject, required } from './inputs.js';
import { done, type OperationHandler } from './types.js';

const KHAVARMIANEH = '078';

export class Balances {
  constructor(private readonly ledger: Ledger) {}

  readonly balance: OperationHandler = guarded(({ params, user, bank }) => {
    const account = accountOfDeposit(required(params['deposit'], 'deposit'));
    if (!account || user === undefined || !account.owners.includes(user) || account.bank.code !== bank)
      reject('invalid deposit');
    const balance = this.ledger.balanceOf(account);
    return done({
      currentBalance: Number(balance),
      availableBalance: Number(balance),
      effectiveBalance: Number(balance),
      ...(account.bank.code === KHAVARMIANEH && { freezeAmount: 0 }),
      number: account.deposit,
      debit: balance < 0n,
    });
  });
}
