import type { PersianDate } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

/** Resolvers for the Jalali date fields of a record, each turned into a PersianDate. */
export function persianDates<Record, Key extends keyof Record>(
  ...keys: readonly Key[]
): { [K in Key]: (record: Record) => PersianDate | null } {
  return Object.fromEntries(
    keys.map((key) => [key, (record: Record) => persianDate(record[key] as string | null)]),
  ) as {
    [K in Key]: (record: Record) => PersianDate | null;
  };
}
