import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { parseTransferInput } from './input.js';
import { outcomeOf } from './outcome.js';

export const Mutation: MutationResolvers = {
  transfer: async (_parent, { input }, { dataSources }) => {
    const { idempotencyKey, order } = parseTransferInput(input);
    return outcomeOf(await dataSources.transfers.transfer(idempotencyKey, order));
  },
};
