import { d2j, isValidJalaaliDate, j2d, jalaaliMonthLength } from 'jalaali-js';
import { tehranJalaliTimestamp } from '../src/lib/jalali.js';

export interface JalaliDate {
  readonly jy: number;
  readonly jm: number;
  readonly jd: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY/MM/DD`, the date format of the bill operations. */
export function formatSlashed(date: JalaliDate): string {
  return `${pad(date.jy, 4)}/${pad(date.jm)}/${pad(date.jd)}`;
}

/** The day a compact Jalali `YYYYMMDD` names; undefined when it names none. */
export function compactDayOf(text: string): JalaliDate | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [jy, jm, jd] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isValidJalaaliDate(jy, jm, jd) ? { jy, jm, jd } : undefined;
}

export function addDays(date: JalaliDate, days: number): JalaliDate {
  return d2j(j2d(date.jy, date.jm, date.jd) + days);
}

/** Moves by whole months, keeping the day where the target month has it. */
export function addMonths(date: JalaliDate, months: number): JalaliDate {
  const index = date.jy * 12 + (date.jm - 1) + months;
  const jy = Math.floor(index / 12);
  const jm = (index % 12) + 1;
  return { jy, jm, jd: Math.min(date.jd, jalaaliMonthLength(jy, jm)) };
}

export function daysBetween(from: JalaliDate, to: JalaliDate): number {
  return j2d(to.jy, to.jm, to.jd) - j2d(from.jy, from.jm, from.jd);
}

/** Tehran wall-clock time of an instant as Jalali `YYYYMMDDHHmmss` (the token `creationDate`). */
export const tehranTimestamp = tehranJalaliTimestamp;
