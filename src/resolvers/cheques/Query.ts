import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { parseSayadId } from '../../validation/identifiers.js';

export const Query: QueryResolvers = {
  cheque: (_parent, args) => ({ sayadId: parseSayadId(args.sayadId, 'sayadId') }),
};
