import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { parseAccountNumber, parseBankCode } from '../../validation/accounts.js';
import { parseCardNumber, parseIban } from '../../validation/identifiers.js';
import { accountByNumber } from '../shared/accountByNumber.js';

export const Query: QueryResolvers = {
  banks: (_parent, _args, { dataSources }) => dataSources.accounts.listBanks(),
  card: (_parent, { number }) => ({ number: parseCardNumber(number, 'number') }),
  account: (_parent, { iban }) => ({ iban: parseIban(iban, 'iban') }),
  accountByNumber: (_parent, args, context) =>
    accountByNumber(
      parseBankCode(args.bankCode, 'bankCode'),
      parseAccountNumber(args.accountNumber, 'accountNumber'),
      context,
    ),
};
