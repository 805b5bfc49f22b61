import { normalizeDigits } from '../validation/digits.js';
import { tehranOffsetMinutes } from './tehran-offset.js';

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * A Gregorian date-time the upstream writes in Tehran wall-clock time without an offset
 * (`YYYY-MM-DDTHH:mm[:ss[.fff]]`, a space instead of `T`, or a date alone meaning midnight) → ISO-8601
 * instant with Tehran's offset, e.g. `2024-03-20T12:30:00+03:30`. Null when it has none of these
 * shapes or names no real time.
 */
export function tehranWallClockToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/.exec(normalizeDigits(value.trim()));
  if (m === null) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const offset = tehranOffsetMinutes(year, month, day, hour, minute, second);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${m[1]}-${m[2]}-${m[3]}T${pad(hour)}:${pad(minute)}:${pad(second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
