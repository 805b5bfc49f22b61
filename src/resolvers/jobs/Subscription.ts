import { GraphQLError } from 'graphql';
import type { SubscriptionResolvers } from '../../__generated__/resolvers-types.js';
import { asUpstreamJob } from '../../datasources/flows/index.js';
import { ErrorCode, quoteValue } from '../../errors.js';
import type { JobRecord } from '../../jobs/types.js';
import { isVisible } from './visibility.js';

export const Subscription: SubscriptionResolvers = {
  jobUpdated: {
    subscribe: async (_parent, { id }, context) => {
      const stored = await context.jobs.get(id);
      const job = stored && asUpstreamJob(stored);
      if (stored && !(job && (await isVisible(job, context))))
        throw new GraphQLError(`No job with id ${quoteValue(id)}.`, { extensions: { code: ErrorCode.NotFound } });
      return context.jobs.watch(id);
    },
    resolve: (stored: JobRecord) => {
      const job = asUpstreamJob(stored);
      if (!job) throw new Error(`job ${stored.id} is of a kind this subgraph does not know: ${stored.kind}`);
      return job;
    },
  },
};
