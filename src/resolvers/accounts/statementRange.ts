import { j2d } from 'jalaali-js';
import { BadUserInputError } from '../../errors.js';
import { parseJalaliDate } from '../../lib/jalali.js';
import { parseDateNotInFuture } from '../../validation/dates.js';

/** Banks whose statements take no time of day (wire facts §4.9): Keshavarzi and Karafarin. */
const WITHOUT_TIMES: Readonly<Record<string, string>> = { '016': 'Keshavarzi', '053': 'Karafarin' };

const TIME = /^(?<hour>\d{2})(?<sep>:?)(?<minute>\d{2})\k<sep>(?<second>\d{2})$/;

/**
 * A time of day `HH:MM:SS` or `HHMMSS` as the upstream's `HHMMSS`; undefined when not given. The bank
 * (its 3-digit code) must take times: Keshavarzi's and Karafarin's statements do not.
 */
export function parseStatementTime(
  value: string | null | undefined,
  argument: string,
  bankCode: string,
): string | undefined {
  if (value === null || value === undefined) return undefined;
  const bank = WITHOUT_TIMES[bankCode];
  if (bank) throw new BadUserInputError(argument, `${bank} statements take no time of day; omit \`${argument}\``);
  const groups = TIME.exec(value.trim())?.groups;
  const [hour, minute, second] = [groups?.['hour'], groups?.['minute'], groups?.['second']].map(Number);
  if (
    !groups ||
    hour === undefined ||
    minute === undefined ||
    second === undefined ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    throw new BadUserInputError(argument, 'expected a time of day as `HH:MM:SS` or `HHMMSS` (Tehran time)');
  return `${groups['hour']}${groups['minute']}${groups['second']}`;
}

/** Refuses a window of one day whose `toTime` is before its `fromTime` (`HHMMSS` each). */
export function checkStatementTimes(fromDate: string, toDate: string, fromTime?: string, toTime?: string): void {
  if (fromDate === toDate && fromTime !== undefined && toTime !== undefined && toTime < fromTime)
    throw new BadUserInputError('toTime', 'must not be before `fromTime` when `from` and `to` are the same day');
}

/** The upstream gives a statement of at most 31 days at a time. */
const MAX_DAYS = 31;

const dayNumber = (slashed: string) => {
  const [jy, jm, jd] = slashed.split('/').map(Number) as [number, number, number];
  return j2d(jy, jm, jd);
};

/** `from` and `to` as the upstream's `YYYYMMDD`, checked before any call: at most 31 days, none after today. */
export function parseStatementRange(
  args: { from: string; to: string },
  now: number,
): { fromDate: string; toDate: string } {
  const from = parseJalaliDate(args.from, 'from');
  const to = parseDateNotInFuture(args.to, 'to', now);
  const span = dayNumber(to) - dayNumber(from);
  if (span < 0) throw new BadUserInputError('to', 'must not be before `from`');
  if (span >= MAX_DAYS) throw new BadUserInputError('to', 'a statement covers at most 31 days');
  return { fromDate: from.replace(/\//g, ''), toDate: to.replace(/\//g, '') };
}
