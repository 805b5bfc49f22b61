import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { Query } from './Query.js';
import { Subscription } from './Subscription.js';

export const messaging = { Query, Subscription } satisfies Resolvers;
