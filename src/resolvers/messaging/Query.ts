import type { QueryResolvers } from '../../__generated__/resolvers-types.js';

export const Query: QueryResolvers = {
  smsSenderNumbers: (_parent, _args, { dataSources }) => dataSources.messaging.senderNumbers,
};
