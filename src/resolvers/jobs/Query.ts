import type { QueryResolvers } from '../../__generated__/resolvers-types.js';

export const Query: QueryResolvers = {
  job: (_parent, { id }, { jobs }) => jobs.get(id),
};
