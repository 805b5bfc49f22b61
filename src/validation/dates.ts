/**
 * Plausible dates, checked before anything is sent (the bank refuses impossible ones only after the
 * call). The bounds are designed, recorded in the catalog notes: a birth date from 1300/01/01 to today,
 * a cheque due date from today to ten years ahead, statements of days that have begun. "Today" is the
 * Tehran calendar day; every function takes the time as `now` (epoch ms), read from the operation's clock.
 */
import { BadUserInputError } from '../errors.js';
import { parseJalaliDate, tehranJalaliTimestamp } from '../lib/jalali.js';

export const EARLIEST_BIRTH_DATE = '1300/01/01';
/** How far ahead a cheque may fall due, in years. */
export const MAX_DUE_YEARS_AHEAD = 10;

/** Today in Tehran as Jalali `YYYY/MM/DD`. */
export function tehranToday(now: number): string {
  const stamp = tehranJalaliTimestamp(now);
  return `${stamp.slice(0, 4)}/${stamp.slice(4, 6)}/${stamp.slice(6, 8)}`;
}

/** The same month and day `years` later (canonical dates compare as text). */
function yearsLater(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`;
}

/** A birth date (`YYYY/MM/DD` or `YYYYMMDD`, Persian calendar) from 1300/01/01 to today → `YYYY/MM/DD`. */
export function parseBirthDate(value: string, argumentPath: string, now: number): string {
  const date = parseJalaliDate(value, argumentPath);
  const today = tehranToday(now);
  if (date < EARLIEST_BIRTH_DATE || date > today) {
    throw new BadUserInputError(argumentPath, `a birth date must be from ${EARLIEST_BIRTH_DATE} to today (${today})`);
  }
  return date;
}

/** A cheque's due date from today to ten years ahead → `YYYY/MM/DD`. */
export function parseChequeDueDate(value: string, argumentPath: string, now: number): string {
  const date = parseJalaliDate(value, argumentPath);
  const today = tehranToday(now);
  const latest = yearsLater(today, MAX_DUE_YEARS_AHEAD);
  if (date < today || date > latest) {
    throw new BadUserInputError(argumentPath, `a due date must be from today (${today}) to ${latest}`);
  }
  return date;
}

/** A date of the past or today → `YYYY/MM/DD` (a statement has nothing for days still to come). */
export function parseDateNotInFuture(value: string, argumentPath: string, now: number): string {
  const date = parseJalaliDate(value, argumentPath);
  const today = tehranToday(now);
  if (date > today) throw new BadUserInputError(argumentPath, `must not be after today (${today})`);
  return date;
}
