import type { Context } from '../../context.js';
import { ownerOf, type UpstreamJob } from '../../datasources/flows/index.js';

/**
 * Whether the caller may see the job. A transfer or cheque action shows whose money or cheque it
 * is, and a credit report asked under a person's consent their credit: only a consent of that person
 * sees it; to anyone else it is as if it did not exist.
 */
export async function isVisible(job: UpstreamJob, context: Pick<Context, 'consent'>): Promise<boolean> {
  const actor = ownerOf(job);
  if (actor === null) return true;
  if (!context.consent) return false;
  try {
    return (await context.consent.describe()).nationalId === actor;
  } catch {
    return false;
  }
}
