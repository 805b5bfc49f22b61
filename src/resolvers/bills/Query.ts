import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { parseBillQuery } from '../../validation/bills.js';

export const Query: QueryResolvers = {
  bill: (_parent, args) => ({
    query: parseBillQuery(args, { type: 'type', parameter: 'parameter', secondParameter: 'secondParameter' }),
    summary: null,
  }),
};
