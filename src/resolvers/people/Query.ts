import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { parseNationalId } from '../../validation/identifiers.js';

export const Query: QueryResolvers = {
  person: (_parent, { nationalId }) => ({ nationalId: parseNationalId(nationalId, 'nationalId') }),
};
