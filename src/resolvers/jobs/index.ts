import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { UpstreamJob } from './UpstreamJob.js';
import { Query } from './Query.js';
import { Subscription } from './Subscription.js';

export const jobs = { Query, Subscription, UpstreamJob } satisfies Resolvers;
