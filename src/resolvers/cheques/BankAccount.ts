import type { BankAccountResolvers } from '../../__generated__/resolvers-types.js';

export const BankAccount: BankAccountResolvers = {
  chequebooks: async (account, _args, { dataSources }) => {
    const accountNumber = account.accountNumber ?? (await dataSources.oak.getIban(account.iban)).accountNumber;
    return accountNumber ? dataSources.cheques.listChequebooks(accountNumber) : null;
  },
};
