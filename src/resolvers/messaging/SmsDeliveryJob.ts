import type { SmsDeliveryJobResolvers } from '../../__generated__/resolvers-types.js';
import { isoInstant } from '../shared/persianDate.js';

export const SmsDeliveryJob: SmsDeliveryJobResolvers = {
  createdAt: (job) => isoInstant(job.createdAt),
  updatedAt: (job) => isoInstant(job.updatedAt),
  idempotencyKey: (job) => job.input.idempotencyKey,
  from: (job) => job.input.order.from,
  templateId: (job) => job.input.order.templateId,
  trackId: (job) => job.ref,
  delivery: (job) => job.result,
};
