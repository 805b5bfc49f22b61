import type { Context } from '../../context.js';
import type { BankAccountModel } from '../accounts/models.js';

/** The account number in its bank's format: known when the account was found by it, else from the IBAN inquiry. */
export async function accountNumberOf(account: BankAccountModel, { dataSources }: Context): Promise<string | null> {
  return account.accountNumber ?? (await dataSources.accounts.getIban(account.iban)).accountNumber;
}
