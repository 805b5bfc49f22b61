import type { GazetteSignatureJobResolvers } from '../../__generated__/resolvers-types.js';
import { isoInstant } from '../shared/persianDate.js';

export const GazetteSignatureJob: GazetteSignatureJobResolvers = {
  createdAt: (job) => isoInstant(job.createdAt),
  updatedAt: (job) => isoInstant(job.updatedAt),
  request: (job) => job.input,
  verification: (job) => (job.status === 'SUCCESS' ? job.result : null),
};
