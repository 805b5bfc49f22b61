/**
 * Delivery reports pushed to the SMS webhook, taken as a sign that a send moved: the send's job is
 * checked against the upstream at once (its delivery inquiry stays the one source of each recipient's
 * state), instead of at its next poll. A report for no send still followed here is logged and dropped.
 */
import { SMS_DELIVERY } from '../datasources/flows/smsDelivery.js';
import type { JobRecord } from '../datasources/flows/port.js';
import type { Logger } from '../logger.js';
import type { DeliveryReportHook } from './webhook.js';

export interface DeliveryReportFollowerOptions {
  /** The jobs not finished yet. */
  readonly listPending: () => Promise<readonly JobRecord[]>;
  /** Asks the upstream where a job stands now, and stores and announces what changed. */
  readonly check: (job: JobRecord) => Promise<void>;
  readonly logger: Logger;
}

export function followDeliveryReports(options: DeliveryReportFollowerOptions): DeliveryReportHook {
  return async (trackId) => {
    const pending = await options.listPending();
    const send = pending.find((job) => job.kind === SMS_DELIVERY && job.ref === trackId);
    if (!send) {
      options.logger.info({ trackId }, 'SMS delivery report for no send being followed: dropped');
      return;
    }
    await options.check(send);
  };
}
