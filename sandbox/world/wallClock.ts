/**
 * Tehran wall-clock moments of the world, counted back from its reference day, and the upstream's
 * Gregorian ways of writing them (`MM/DD/YYYY HH:mm:ss`, `YYYY-MM-DD HH:mm:ss`).
 */
import { toGregorian } from 'jalaali-js';
import { addDays, type JalaliDate } from '../calendar.js';
import type { Dice } from './dice.js';
import { REFERENCE_DAY } from './records.js';

export interface Moment {
  readonly daysAgo: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment `daysAgo` before the reference day, at an hour within `hours`. */
export function momentBefore(daysAgo: number, dice: Dice, hours = { from: 0, to: 23 }): Moment {
  return { daysAgo, hour: dice.int(hours.from, hours.to), minute: dice.int(0, 59), second: dice.int(0, 59) };
}

/** `count` moments within `maxDays` before the reference day, newest first. */
export function momentsNewestFirst(dice: Dice, count: number, maxDays: number, hours = { from: 0, to: 23 }): Moment[] {
  const moments = Array.from({ length: count }, () => momentBefore(dice.int(1, maxDays), dice, hours));
  const age = (m: Moment) => m.daysAgo * 86_400 - (m.hour * 3600 + m.minute * 60 + m.second);
  return moments.sort((a, b) => age(a) - age(b));
}

export const dayOf = (moment: Moment): JalaliDate => addDays(REFERENCE_DAY, -moment.daysAgo);

function gregorian(moment: Moment) {
  const { jy, jm, jd } = dayOf(moment);
  return toGregorian(jy, jm, jd);
}

/** `MM/DD/YYYY HH:mm:ss`. */
export function usDateTime(moment: Moment): string {
  const { gy, gm, gd } = gregorian(moment);
  return `${pad(gm)}/${pad(gd)}/${gy} ${pad(moment.hour)}:${pad(moment.minute)}:${pad(moment.second)}`;
}

/** `YYYY-MM-DD HH:mm:ss`. */
export function isoLikeDateTime(moment: Moment): string {
  const { gy, gm, gd } = gregorian(moment);
  return `${gy}-${pad(gm)}-${pad(gd)} ${pad(moment.hour)}:${pad(moment.minute)}:${pad(moment.second)}`;
}

/** A time of day from 07:00 to 22:59, `days` before the reference day, as `MM/DD/YYYY HH:mm:ss`. */
export const usDateTimeBefore = (days: number, dice: Dice): string =>
  usDateTime(momentBefore(days, dice, { from: 7, to: 22 }));
