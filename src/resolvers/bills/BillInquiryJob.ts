import type { BillInquiryJobResolvers } from '../../__generated__/resolvers-types.js';
import { isoInstant } from '../shared/persianDate.js';

export const BillInquiryJob: BillInquiryJobResolvers = {
  createdAt: (job) => isoInstant(job.createdAt),
  updatedAt: (job) => isoInstant(job.updatedAt),
  request: (job) => job.input,
  bill: (job) => (job.status === 'SUCCESS' && job.result ? { query: job.input, summary: job.result } : null),
};
