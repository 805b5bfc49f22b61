import type { PersianDate } from '../../__generated__/resolvers-types.js';
import { isoToJalali, jalaliToIso } from '../../lib/jalali.js';

/** A Persian-calendar date from the upstream, with its ISO-8601 equivalent; null when absent or not a real date. */
export function persianDate(jalali: string | null | undefined): PersianDate | null {
  if (!jalali) return null;
  const iso = jalaliToIso(jalali);
  if (!iso) return null;
  return { jalali: isoToJalali(iso) ?? jalali, iso };
}

/** An epoch-milliseconds instant as ISO-8601. */
export const isoInstant = (epochMs: number): string => new Date(epochMs).toISOString();
