import type { SubscriptionResolvers } from '../../__generated__/resolvers-types.js';
import type { JobRecord } from '../../jobs/types.js';

export const Subscription: SubscriptionResolvers = {
  jobUpdated: {
    subscribe: (_parent, { id }, { jobs }) => jobs.watch(id),
    resolve: (job: JobRecord) => job,
  },
};
