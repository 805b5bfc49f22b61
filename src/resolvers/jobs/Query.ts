import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { asUpstreamJob } from '../../datasources/flows/index.js';
import { isVisible } from './visibility.js';

export const Query: QueryResolvers = {
  job: async (_parent, { id }, context) => {
    const stored = await context.jobs.get(id);
    const job = stored && asUpstreamJob(stored);
    return job && (await isVisible(job, context)) ? job : null;
  },
};
