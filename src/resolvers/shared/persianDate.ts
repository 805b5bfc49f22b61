import type { PersianDate, PersianDateTime } from '../../__generated__/resolvers-types.js';
import { isoToJalali, jalaliDateTimeToIso, jalaliToIso } from '../../lib/jalali.js';

/** A Persian-calendar date from the upstream, with its ISO-8601 equivalent; null when absent or not a real date. */
export function persianDate(jalali: string | null | undefined): PersianDate | null {
  if (!jalali) return null;
  const iso = jalaliToIso(jalali);
  if (!iso) return null;
  return { jalali: isoToJalali(iso) ?? jalali, iso };
}

/** An epoch-milliseconds instant as ISO-8601. */
export const isoInstant = (epochMs: number): string => new Date(epochMs).toISOString();

/** A Persian-calendar date and time in Tehran wall-clock time, with its instant; null when absent or invalid. */
export function persianDateTime(jalali: string | null | undefined): PersianDateTime | null {
  if (!jalali) return null;
  const iso = jalaliDateTimeToIso(jalali);
  return iso ? { jalali, iso } : null;
}

/**
 * As `persianDateTime`, for the compact `YYYYMMDDHHmmss` the banks send, shown as
 * `YYYY/MM/DD HH:mm:ss`; null when absent or invalid.
 */
export function persianDateTimeOfCompact(compact: string | null | undefined): PersianDateTime | null {
  const m = compact ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(compact) : null;
  return m ? persianDateTime(`${m[1]}/${m[2]}/${m[3]} ${m[4]}:${m[5]}:${m[6]}`) : null;
}
