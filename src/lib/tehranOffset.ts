const TEHRAN_STANDARD_OFFSET = 210; // +03:30, in minutes
const MINUTE = 60_000;

let formatter: Intl.DateTimeFormat | null | undefined;

function tehranFormatter(): Intl.DateTimeFormat | null {
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tehran', timeZoneName: 'longOffset' });
    } catch {
      formatter = null; // a Node built without time-zone data
    }
  }
  return formatter;
}

const DAY = 86_400_000;
/** Days whose offset held from their first to their last millisecond (UTC days, by day number). */
const steadyDays = new Map<number, number>();
const STEADY_DAYS_KEPT = 4096;

/**
 * Tehran's UTC offset at an instant. Formatting a date through Intl is slow and answers decode many
 * timestamps, so a UTC day whose offset is the same at its first and last millisecond is remembered
 * (Tehran's clocks never changed twice in one day); a day with a change asks the database each time.
 */
function offsetAt(epochMs: number): number {
  const day = Math.floor(epochMs / DAY);
  const known = steadyDays.get(day);
  if (known !== undefined) return known;
  const first = lookUpOffset(day * DAY);
  if (first !== lookUpOffset(day * DAY + DAY - 1)) return lookUpOffset(epochMs);
  if (steadyDays.size >= STEADY_DAYS_KEPT) steadyDays.clear();
  steadyDays.set(day, first);
  return first;
}

/** Tehran's UTC offset in whole minutes at an instant, from the time-zone database. */
function lookUpOffset(epochMs: number): number {
  const format = tehranFormatter();
  if (format === null) return TEHRAN_STANDARD_OFFSET;
  const name = format.formatToParts(new Date(epochMs)).find((p) => p.type === 'timeZoneName')?.value;
  if (name === 'GMT') return 0;
  const m = /^GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (m === null) return TEHRAN_STANDARD_OFFSET;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/**
 * Tehran's UTC offset in minutes for a Tehran wall-clock time given in Gregorian fields. Iran kept
 * daylight saving (+04:30) in summer until 2022, so old summer timestamps need it. A wall time that
 * occurs twice (clocks going back) resolves to the earlier instant; one that never occurred (clocks
 * going forward) gets the offset in force before the jump.
 */
export function tehranOffsetMinutes(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Transitions are an hour apart at most, so the offsets around these instants cover every answer.
  const candidates = new Set(
    [0, TEHRAN_STANDARD_OFFSET, TEHRAN_STANDARD_OFFSET + 60].map((o) => offsetAt(wallAsUtc - o * MINUTE)),
  );
  const consistent = [...candidates].filter((o) => offsetAt(wallAsUtc - o * MINUTE) === o);
  if (consistent.length > 0) return Math.max(...consistent);
  return Math.min(...candidates);
}
