import { GraphQLError } from 'graphql';
import type { SubscriptionResolvers } from '../../__generated__/resolvers-types.js';
import { ErrorCode, quoteValue } from '../../errors.js';
import type { JobRecord } from '../../jobs/types.js';
import { isVisible } from './visibility.js';

export const Subscription: SubscriptionResolvers = {
  jobUpdated: {
    subscribe: async (_parent, { id }, context) => {
      const job = await context.jobs.get(id);
      if (job && !(await isVisible(job, context)))
        throw new GraphQLError(`No job with id ${quoteValue(id)}.`, { extensions: { code: ErrorCode.NotFound } });
      return context.jobs.watch(id);
    },
    resolve: (job: JobRecord) => job,
  },
};
