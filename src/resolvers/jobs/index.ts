import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { Job } from './Job.js';
import { Query } from './Query.js';
import { Subscription } from './Subscription.js';

export const jobs = { Query, Subscription, Job } satisfies Resolvers;
