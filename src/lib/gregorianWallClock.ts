import { normalizeDigits } from './digits.js';
import { tehranOffsetMinutes } from './tehranOffset.js';

const pad = (n: number): string => String(n).padStart(2, '0');

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month of the proleptic Gregorian calendar (`month` 1–12). */
function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

const SHAPES = [
  // `MM/DD/YYYY HH:mm:ss` (traffic tolls, active plates, driving licences)
  /^(?<month>\d{1,2})\/(?<day>\d{1,2})\/(?<year>\d{4})(?:[ T](?<hour>\d{1,2}):(?<minute>\d{2})(?::(?<second>\d{2}))?)?$/,
  // `YYYY-MM-DD HH:mm:ss` (freeway tolls, offenses' normalized date)
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})(?:[ T](?<hour>\d{1,2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:\.\d+)?)?)?$/,
];

/**
 * A Gregorian date-time the upstream writes in Tehran wall-clock time without an offset, as
 * `MM/DD/YYYY HH:mm:ss` or `YYYY-MM-DD HH:mm:ss` (a date alone meaning midnight) → ISO-8601 with
 * Tehran's offset, e.g. `03/20/2024 12:30:00` → `2024-03-20T12:30:00+03:30`. Null when it has
 * neither shape or names no real time.
 */
export function gregorianWallClockToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = normalizeDigits(value.trim());
  let groups: Record<string, string | undefined> | undefined;
  for (const shape of SHAPES) {
    groups = shape.exec(text)?.groups;
    if (groups) break;
  }
  if (!groups) return null;
  const year = Number(groups['year']);
  const month = Number(groups['month']);
  const day = Number(groups['day']);
  const hour = Number(groups['hour'] ?? 0);
  const minute = Number(groups['minute'] ?? 0);
  const second = Number(groups['second'] ?? 0);
  // Years before 100 are no date the upstream writes (and JavaScript's dates would read them as 19xx).
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const offset = tehranOffsetMinutes(year, month, day, hour, minute, second);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}
