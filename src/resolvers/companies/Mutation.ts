import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { gazetteSignatureJob } from '../../datasources/flows/gazetteSignature.js';
import { parseLegalId, parseNationalId } from '../../validation/identifiers.js';

export const Mutation: MutationResolvers = {
  startGazetteSignatureVerification: async (_parent, { input }, { jobs }) => {
    const query = {
      companyId: parseLegalId(input.companyId, 'input.companyId'),
      nationalId: parseNationalId(input.nationalId, 'input.nationalId'),
    };
    return jobs.start(gazetteSignatureJob, query);
  },
};
