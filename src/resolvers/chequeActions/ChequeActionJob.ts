import type { ChequeActionJobResolvers } from '../../__generated__/resolvers-types.js';
import { isoInstant } from '../shared/persianDate.js';

export const ChequeActionJob: ChequeActionJobResolvers = {
  createdAt: (job) => isoInstant(job.createdAt),
  updatedAt: (job) => isoInstant(job.updatedAt),
  idempotencyKey: (job) => job.input.idempotencyKey,
  type: (job) => job.input.order.type,
  actorNationalId: (job) => job.input.order.actor,
  actor: (job) => ({ nationalId: job.input.order.actor }),
  cheque: (job) => ({ sayadId: job.input.order.sayadId }),
  trackId: (job) => job.ref,
  receipt: (job) => (job.status === 'SUCCESS' ? job.result : null),
};
