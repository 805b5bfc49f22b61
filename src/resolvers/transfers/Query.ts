import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { parseNationalId } from '../../validation/identifiers.js';
import { parseIdempotencyKey } from '../../validation/idempotencyKey.js';
import { outcomeOf } from './outcome.js';

export const Query: QueryResolvers = {
  transfer: async (_parent, args, { dataSources }) => {
    const nationalId = parseNationalId(args.nationalId, 'nationalId');
    const key = parseIdempotencyKey(args.idempotencyKey, 'idempotencyKey');
    const job = await dataSources.transfers.findTransfer(nationalId, key);
    return job ? outcomeOf(job) : null;
  },
};
