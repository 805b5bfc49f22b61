import type { Context } from '../../context.js';
import { actorOf } from '../../datasources/flows/port.js';
import type { JobRecord } from '../../jobs/types.js';

/**
 * Whether the caller may see the job. A transfer or cheque action shows whose money or cheque it
 * is, so only a consent of the person who acted sees it; to anyone else it is as if it did not exist.
 */
export async function isVisible(job: JobRecord, context: Pick<Context, 'consent'>): Promise<boolean> {
  const actor = actorOf(job);
  if (actor === null) return true;
  if (!context.consent) return false;
  try {
    return (await context.consent.describe()).nationalId === actor;
  } catch {
    return false;
  }
}
