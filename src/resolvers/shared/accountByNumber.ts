import type { Context } from '../../context.js';
import type { BankAccountModel } from '../accounts/models.js';

/**
 * The account with this number at this bank (both already checked), through the upstream's conversion
 * to its IBAN, carrying the status and holders the conversion gave; null when the bank reports no such account.
 */
export async function accountByNumber(
  bankCode: string,
  accountNumber: string,
  { dataSources }: Context,
): Promise<BankAccountModel | null> {
  const record = await dataSources.accounts.getAccountIban(accountNumber, bankCode);
  // The conversion's status and holders answer those fields, so they need no IBAN inquiry.
  return record.iban && record.status !== 'NO_ACCOUNT'
    ? { iban: record.iban, accountNumber, status: record.status, holders: record.holders }
    : null;
}
