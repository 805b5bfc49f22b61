import type { BankAccountResolvers } from '../../__generated__/resolvers-types.js';
import { accountNumberOf } from '../shared/accountNumber.js';

export const BankAccount: BankAccountResolvers = {
  chequebooks: async (account, _args, context) => {
    const accountNumber = await accountNumberOf(account, context);
    return accountNumber ? context.dataSources.cheques.listChequebooks(accountNumber) : null;
  },
};
