import { isoToJalali } from '../../src/lib/jalali.js';

/** A Jalali date `days` from now (`YYYY/MM/DD`; negative for the past), for rules that are relative to today. */
export const jalaliDaysAhead = (days: number): string =>
  isoToJalali(new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10))!;
