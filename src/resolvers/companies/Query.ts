import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { parseLegalId } from '../../validation/identifiers.js';

export const Query: QueryResolvers = {
  company: (_parent, { nationalId }) => ({ nationalId: parseLegalId(nationalId, 'nationalId') }),
};
