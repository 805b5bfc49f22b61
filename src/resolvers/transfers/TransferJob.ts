import type { TransferJobResolvers } from '../../__generated__/resolvers-types.js';
import { isoInstant } from '../shared/persianDate.js';

export const TransferJob: TransferJobResolvers = {
  createdAt: (job) => isoInstant(job.createdAt),
  updatedAt: (job) => isoInstant(job.updatedAt),
  idempotencyKey: (job) => job.input.idempotencyKey,
  order: (job) => job.input.order,
  receipt: (job) => (job.status === 'SUCCESS' ? job.result : null),
};
