import type { CompanyResolvers } from '../../__generated__/resolvers-types.js';
import { isValidLegalId } from '../../validation/identifiers.js';

export const Company: CompanyResolvers = {
  __resolveReference: (reference) =>
    typeof reference.nationalId === 'string' && isValidLegalId(reference.nationalId) ? { nationalId: reference.nationalId } : null,
};
