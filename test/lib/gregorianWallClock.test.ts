import { describe, expect, it } from 'vitest';
import { gregorianWallClockToIso } from '../../src/lib/gregorianWallClock.js';

describe('gregorianWallClockToIso', () => {
  it.each([
    ['03/20/2024 12:30:00', '2024-03-20T12:30:00+03:30'],
    ['3/5/2024 7:05', '2024-03-05T07:05:00+03:30'],
    ['2024-03-20 12:30:00', '2024-03-20T12:30:00+03:30'],
    ['2024-03-20T12:30:00.123', '2024-03-20T12:30:00+03:30'],
    ['2024-03-20', '2024-03-20T00:00:00+03:30'],
    ['۲۰۲۴-۰۳-۲۰ ۱۲:۳۰:۰۰', '2024-03-20T12:30:00+03:30'],
    // Iran kept daylight saving until 2022: a summer time before then is +04:30.
    ['07/01/2020 10:00:00', '2020-07-01T10:00:00+04:30'],
    ['02/29/2024 10:00:00', '2024-02-29T10:00:00+03:30'],
    ['2000-02-29', '2000-02-29T00:00:00+03:30'],
  ])('reads %s as %s', (input, iso) => {
    expect(gregorianWallClockToIso(input)).toBe(iso);
  });

  it('keeps each side of a clock change when the same day is read again', () => {
    // 2020-03-21 00:00 jumped to 01:00 (+04:30); 2020-09-21 00:00 went back to 2020-09-20 23:00 (+03:30).
    const around = [
      ['2020-03-21 00:30:00', '2020-03-21T00:30:00+03:30'],
      ['2020-03-21 01:30:00', '2020-03-21T01:30:00+04:30'],
      ['2020-03-21 23:30:00', '2020-03-21T23:30:00+04:30'],
      ['2020-09-20 23:30:00', '2020-09-20T23:30:00+04:30'],
      ['2020-09-21 00:30:00', '2020-09-21T00:30:00+03:30'],
      ['2020-09-20 12:00:00', '2020-09-20T12:00:00+04:30'],
    ];
    for (let round = 0; round < 2; round++)
      for (const [input, iso] of around) expect(gregorianWallClockToIso(input)).toBe(iso);
  });

  it.each([
    '',
    '02/30/2024 10:00:00',
    '02/29/2023',
    '1900-02-29',
    '0050-01-01',
    '2024-04-31',
    '2024-00-10',
    '2024-13-01',
    '2024-03-20 24:00:00',
    '1403/01/01',
    'soon',
  ])('gives null for %j', (input) => {
    expect(gregorianWallClockToIso(input)).toBeNull();
  });

  it('gives null for an absent value', () => {
    expect(gregorianWallClockToIso(null)).toBeNull();
    expect(gregorianWallClockToIso(undefined)).toBeNull();
  });
});
