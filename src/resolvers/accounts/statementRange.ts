import { j2d } from 'jalaali-js';
import { BadUserInputError } from '../../errors.js';
import { parseJalaliDate } from '../../lib/jalali.js';
import { parseDateNotInFuture } from '../../validation/dates.js';

/** The upstream gives a statement of at most 31 days at a time. */
const MAX_DAYS = 31;

const dayNumber = (slashed: string) => {
  const [jy, jm, jd] = slashed.split('/').map(Number) as [number, number, number];
  return j2d(jy, jm, jd);
};

/** `from` and `to` as the upstream's `YYYYMMDD`, checked before any call: at most 31 days, none after today. */
export function parseStatementRange(
  args: { from: string; to: string },
  now: number = Date.now(),
): { fromDate: string; toDate: string } {
  const from = parseJalaliDate(args.from, 'from');
  const to = parseDateNotInFuture(args.to, 'to', now);
  const span = dayNumber(to) - dayNumber(from);
  if (span < 0) throw new BadUserInputError('to', 'must not be before `from`');
  if (span >= MAX_DAYS) throw new BadUserInputError('to', 'a statement covers at most 31 days');
  return { fromDate: from.replace(/\//g, ''), toDate: to.replace(/\//g, '') };
}
