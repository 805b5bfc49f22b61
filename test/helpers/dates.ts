import { systemClock, type Clock } from '../../src/lib/clock.js';
import { tehranJalaliTimestamp } from '../../src/lib/jalali.js';

/**
 * The Tehran calendar day `days` from today by `clock` (`YYYY/MM/DD`; negative for the past), for rules
 * that are relative to today: give it the clock the subgraph under test runs on.
 */
export function jalaliDaysAhead(days: number, clock: Clock = systemClock): string {
  const stamp = tehranJalaliTimestamp(clock.now() + days * 86_400_000);
  return `${stamp.slice(0, 4)}/${stamp.slice(4, 6)}/${stamp.slice(6, 8)}`;
}
