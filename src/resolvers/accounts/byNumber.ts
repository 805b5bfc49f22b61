import type { Context } from '../../context.js';
import type { BankAccountModel } from './models.js';

/**
 * The account with this number at this bank (both already checked), through the upstream's conversion
 * to its IBAN; null when the bank reports no such account.
 */
export async function accountByNumber(
  bankCode: string,
  accountNumber: string,
  { dataSources }: Context,
): Promise<BankAccountModel | null> {
  const record = await dataSources.accounts.getAccountIban(accountNumber, bankCode);
  return record.iban && record.status !== 'NO_ACCOUNT' ? { iban: record.iban, accountNumber } : null;
}
