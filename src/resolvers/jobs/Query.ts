import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { isVisible } from './visibility.js';

export const Query: QueryResolvers = {
  job: async (_parent, { id }, context) => {
    const job = await context.jobs.get(id);
    return job && (await isVisible(job, context)) ? job : null;
  },
};
