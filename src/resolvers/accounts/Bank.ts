import type { BankResolvers } from '../../__generated__/resolvers-types.js';

export const Bank: BankResolvers = {
  name: async (bank, _args, { dataSources }) =>
    (await dataSources.accounts.listBanks()).find((candidate) => candidate.code === bank.code)?.name ?? null,
};
