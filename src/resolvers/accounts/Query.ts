import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { parseAccountNumber, parseBankCode } from '../../validation/accounts.js';
import { parseCardNumber, parseIban } from '../../validation/identifiers.js';

export const Query: QueryResolvers = {
  card: (_parent, { number }) => ({ number: parseCardNumber(number, 'number') }),
  account: (_parent, { iban }) => ({ iban: parseIban(iban, 'iban') }),
  accountByNumber: async (_parent, args, { dataSources }) => {
    const bankCode = parseBankCode(args.bankCode, 'bankCode');
    const accountNumber = parseAccountNumber(args.accountNumber, 'accountNumber');
    const record = await dataSources.accounts.getAccountIban(accountNumber, bankCode);
    return record.iban && record.status !== 'NO_ACCOUNT' ? { iban: record.iban, accountNumber } : null;
  },
};
