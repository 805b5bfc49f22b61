import type { BankResolvers } from '../../__generated__/resolvers-types.js';

import type { Context } from '../../context.js';
import type { BankModel } from './models.js';

const listed = async (bank: BankModel, { dataSources }: Context) =>
  (await dataSources.accounts.listBanks()).find((candidate) => candidate.code === bank.code) ?? null;

export const Bank: BankResolvers = {
  name: async (bank, _args, context) => (await listed(bank, context))?.name ?? null,
  cardPrefixes: async (bank, _args, context) => (await listed(bank, context))?.cardPrefixes ?? null,
  active: async (bank, _args, context) => (await listed(bank, context))?.active ?? null,
};
