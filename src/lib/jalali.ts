import { isValidJalaaliDate, toGregorian, toJalaali } from 'jalaali-js';
import { BadUserInputError } from '../errors.js';
import { normalizeDigits } from './digits.js';
import { tehranOffsetMinutes } from './tehranOffset.js';

interface JalaliParts {
  year: number;
  month: number;
  day: number;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function isValidJalali(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    isValidJalaaliDate(year, month, day)
  );
}

/** Two-digit years as the upstream sends them (`YYMMDD`): 50–99 → 13YY, 00–49 → 14YY. */
function expandTwoDigitYear(yy: number): number {
  return yy >= 50 ? 1300 + yy : 1400 + yy;
}

const FULL_YEAR_SHAPES = [
  /^(?<year>\d{4})(?<sep>[/-])(?<month>\d{1,2})\k<sep>(?<day>\d{1,2})$/,
  /^(?<year>\d{4})(?<month>\d{2})(?<day>\d{2})$/,
];
const TWO_DIGIT_YEAR_SHAPE = /^(?<yy>\d{2})(?<month>\d{2})(?<day>\d{2})$/;

/**
 * Reads `YYYY/MM/DD` (also `-` separators and 1-digit month/day), `YYYYMMDD` and, when
 * `allowTwoDigitYear`, `YYMMDD`. Null when the text has none of these shapes or is no real date.
 */
function readJalaliDate(text: string, allowTwoDigitYear: boolean): JalaliParts | null {
  const s = normalizeDigits(text.trim());
  const shapes = allowTwoDigitYear ? [...FULL_YEAR_SHAPES, TWO_DIGIT_YEAR_SHAPE] : FULL_YEAR_SHAPES;
  const groups = shapes.map((shape) => shape.exec(s)?.groups).find((g) => g !== undefined);
  if (groups === undefined) return null;
  const year = groups['yy'] === undefined ? Number(groups['year']) : expandTwoDigitYear(Number(groups['yy']));
  const parts = { year, month: Number(groups['month']), day: Number(groups['day']) };
  return isValidJalali(parts.year, parts.month, parts.day) ? parts : null;
}

/** Upstream values sometimes arrive as JSON numbers; missing ones become the empty string. */
function asText(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

function toIsoDate({ year, month, day }: JalaliParts): string {
  const { gy, gm, gd } = toGregorian(year, month, day);
  return `${pad(gy, 4)}-${pad(gm)}-${pad(gd)}`;
}

/**
 * A Jalali date as the upstream sends it (`YYYY/MM/DD`, `YYYYMMDD` or `YYMMDD`, as text or number)
 * → Gregorian `YYYY-MM-DD`; null when missing, empty or not a real date.
 */
export function jalaliToIso(s: string | number | null | undefined): string | null {
  const parts = readJalaliDate(asText(s), true);
  return parts === null ? null : toIsoDate(parts);
}

/**
 * A Jalali date-time in Tehran wall-clock time → ISO-8601 instant with its Tehran offset, e.g.
 * `14020101123000` → `2023-03-21T12:30:00+03:30`. Accepts `YYYYMMDDHHmmss` and
 * `YYYY/MM/DD HH:mm[:ss]` (also `YYYY/MM/DD - HH:mm`). The offset comes from the time-zone
 * database, so summer times before Iran dropped daylight saving (after 2022) get `+04:30`.
 */
export function jalaliDateTimeToIso(s: string | number | null | undefined): string | null {
  const text = normalizeDigits(asText(s).trim());
  const m =
    /^(\d{8})(\d{2})(\d{2})(\d{2})$/.exec(text) ??
    /^(\d{4}[/-]\d{1,2}[/-]\d{1,2})(?:\s*-\s*|\s+|T)(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (m === null) return null;
  const date = readJalaliDate(m[1] ?? '', false);
  const hour = Number(m[2]);
  const minute = Number(m[3]);
  const second = Number(m[4] ?? 0);
  if (date === null || hour > 23 || minute > 59 || second > 59) return null;

  const { gy, gm, gd } = toGregorian(date.year, date.month, date.day);
  const offset = tehranOffsetMinutes(gy, gm, gd, hour, minute, second);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(gy, 4)}-${pad(gm)}-${pad(gd)}T${pad(hour)}:${pad(minute)}:${pad(second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** A Gregorian `YYYY-MM-DD` → Jalali `YYYY/MM/DD` (or with the given separator); null when invalid. */
export function isoToJalali(iso: string, separator = '/'): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim());
  if (m === null) return null;
  const [gy, gm, gd] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(gy, gm - 1, gd));
  if (check.getUTCFullYear() !== gy || check.getUTCMonth() !== gm - 1 || check.getUTCDate() !== gd) {
    return null;
  }
  const { jy, jm, jd } = toJalaali(gy, gm, gd);
  return [pad(jy, 4), pad(jm), pad(jd)].join(separator);
}

// Caller input outside these years is far more likely a Gregorian date sent by mistake.
const MIN_CALLER_YEAR = 1200;
const MAX_CALLER_YEAR = 1599;

/**
 * A caller's Persian-calendar date (`YYYY/MM/DD`, `YYYY-MM-DD` with a Jalali year, or `YYYYMMDD`;
 * Persian digits allowed) → canonical `YYYY/MM/DD`. Two-digit years are refused as ambiguous.
 */
export function parseJalaliDate(value: string, argumentPath: string): string {
  const parts = readJalaliDate(value, false);
  if (parts === null || parts.year < MIN_CALLER_YEAR || parts.year > MAX_CALLER_YEAR) {
    throw new BadUserInputError(
      argumentPath,
      'expected a valid Persian (Jalali) calendar date as YYYY/MM/DD or YYYYMMDD, ' +
        `with a year from ${MIN_CALLER_YEAR} to ${MAX_CALLER_YEAR}, e.g. 1403/01/01`,
    );
  }
  return `${pad(parts.year, 4)}/${pad(parts.month)}/${pad(parts.day)}`;
}

/** Iran has kept UTC+03:30 all year since 2022. */
const TEHRAN_OFFSET_MS = 3.5 * 60 * 60 * 1000;

/** Tehran wall-clock time of a present-day instant as Jalali `YYYYMMDDHHmmss`, as the upstream writes its timestamps. */
export function tehranJalaliTimestamp(epochMs: number): string {
  const local = new Date(epochMs + TEHRAN_OFFSET_MS);
  const { jy, jm, jd } = toJalaali(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate());
  return (
    pad(jy, 4) + pad(jm) + pad(jd) + pad(local.getUTCHours()) + pad(local.getUTCMinutes()) + pad(local.getUTCSeconds())
  );
}
