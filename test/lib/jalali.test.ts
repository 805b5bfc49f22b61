import fc from 'fast-check';
import { toJalaali } from 'jalaali-js';
import { describe, expect, it } from 'vitest';
import { isValidJalali, isoToJalali, jalaliDateTimeToIso, jalaliToIso, parseJalaliDate } from '../../src/lib/jalali.js';
import { expectBadUserInput, toPersianDigits } from '../validation/support.js';

const KNOWN: Array<[string, string]> = [
  ['1403/01/01', '2024-03-20'],
  ['1399/12/30', '2021-03-20'], // 1399 is a leap year
  ['1402/12/29', '2024-03-19'],
  ['1401/07/03', '2022-09-25'],
];

/** Gregorian days from `from`-01-01 to 2100-12-31 as ISO dates. */
const isoDateFrom = (from: number) =>
  fc
    .integer({ min: Date.UTC(from, 0, 1) / 86_400_000, max: Date.UTC(2100, 11, 31) / 86_400_000 })
    .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
const isoDate = isoDateFrom(1900);

describe('jalaliToIso', () => {
  it('converts known dates in all three upstream shapes', () => {
    for (const [jalali, iso] of KNOWN) {
      expect(jalaliToIso(jalali)).toBe(iso);
      expect(jalaliToIso(jalali.replaceAll('/', ''))).toBe(iso);
      expect(jalaliToIso(jalali.replaceAll('/', '').slice(2))).toBe(iso);
      expect(jalaliToIso(toPersianDigits(jalali))).toBe(iso);
    }
  });

  it('reads two-digit years 50–99 as 13YY and 00–49 as 14YY', () => {
    expect(jalaliToIso('500101')).toBe(jalaliToIso('13500101'));
    expect(jalaliToIso('991230')).toBe('2021-03-20');
    expect(jalaliToIso('490101')).toBe(jalaliToIso('14490101'));
    expect(jalaliToIso('000101')).toBe(jalaliToIso('14000101'));
  });

  it('takes the numbers the upstream sometimes sends, and null for missing values', () => {
    expect(jalaliToIso(14030101)).toBe('2024-03-20');
    expect(jalaliToIso(991230)).toBe('2021-03-20');
    expect(jalaliToIso(null)).toBeNull();
    expect(jalaliToIso(undefined)).toBeNull();
    expect(jalaliDateTimeToIso(14030101083005)).toBe('2024-03-20T08:30:05+03:30');
  });

  it('returns null for empty and impossible dates', () => {
    for (const bad of [
      '',
      '   ',
      '1402/12/30',
      '1403/01-01',
      '1403-1-1x',
      '1403/13/01',
      '1403/00/10',
      '1403/07/31',
      '1403/01/32',
      '14030',
      'abc',
    ]) {
      expect(jalaliToIso(bad)).toBeNull();
    }
  });

  it('round-trips with isoToJalali for every day of two centuries', () => {
    fc.assert(
      fc.property(isoDate, (iso) => {
        const jalali = isoToJalali(iso);
        expect(jalali).not.toBeNull();
        expect(jalaliToIso(jalali ?? '')).toBe(iso);
      }),
    );
  });
});

describe('isoToJalali', () => {
  it('converts known dates, with the chosen separator', () => {
    for (const [jalali, iso] of KNOWN) expect(isoToJalali(iso)).toBe(jalali);
    expect(isoToJalali('2024-03-20', '')).toBe('14030101');
    expect(isoToJalali('2024-03-20', '-')).toBe('1403-01-01');
  });

  it('returns null for impossible Gregorian dates', () => {
    for (const bad of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-3-20', '']) expect(isoToJalali(bad)).toBeNull();
  });
});

describe('isValidJalali', () => {
  it('knows the leap years and month lengths', () => {
    expect(isValidJalali(1399, 12, 30)).toBe(true);
    expect(isValidJalali(1402, 12, 30)).toBe(false);
    expect(isValidJalali(1403, 6, 31)).toBe(true);
    expect(isValidJalali(1403, 7, 31)).toBe(false);
    expect(isValidJalali(1403, 1.5, 1)).toBe(false);
  });

  it('agrees with converting back from Gregorian', () => {
    fc.assert(
      fc.property(isoDate, (iso) => {
        const [gy, gm, gd] = iso.split('-').map(Number) as [number, number, number];
        const { jy, jm, jd } = toJalaali(gy, gm, gd);
        expect(isValidJalali(jy, jm, jd)).toBe(true);
      }),
    );
  });
});

describe('jalaliDateTimeToIso', () => {
  it('gives the Tehran instant with +03:30 after daylight saving ended', () => {
    expect(jalaliDateTimeToIso('14030101083005')).toBe('2024-03-20T08:30:05+03:30');
    expect(jalaliDateTimeToIso('14020615123000')).toBe('2023-09-06T12:30:00+03:30');
    expect(jalaliDateTimeToIso('1403/01/01 08:30')).toBe('2024-03-20T08:30:00+03:30');
    expect(jalaliDateTimeToIso('۱۴۰۳۰۱۰۱۰۸۳۰۰۵')).toBe('2024-03-20T08:30:05+03:30');
  });

  it('gives +04:30 to summer times while Iran still had daylight saving', () => {
    expect(jalaliDateTimeToIso('13960615123204')).toBe('2017-09-06T12:32:04+04:30');
    expect(jalaliDateTimeToIso('1396/06/15 12:32:04')).toBe('2017-09-06T12:32:04+04:30');
    expect(jalaliDateTimeToIso('1396/11/24 - 11:11')).toBe('2018-02-13T11:11:00+03:30');
  });

  // From 1980 on Tehran's offsets are whole: +03:30, or +04:30 in summer until 2022.
  it('handles the clock changes: the repeated hour takes the earlier instant, the skipped hour standard time', () => {
    expect(jalaliDateTimeToIso('13990630233000')).toBe('2020-09-20T23:30:00+04:30');
    expect(jalaliDateTimeToIso('13990631003000')).toBe('2020-09-21T00:30:00+03:30');
    expect(jalaliDateTimeToIso('14010630233000')).toBe('2022-09-21T23:30:00+04:30');
    expect(jalaliDateTimeToIso('14010102003000')).toBe('2022-03-22T00:30:00+03:30');
    expect(jalaliDateTimeToIso('14010102013000')).toBe('2022-03-22T01:30:00+04:30');
    expect(jalaliDateTimeToIso('14020102013000')).toBe('2023-03-22T01:30:00+03:30');
  });

  it('names the same instant as the wall-clock time it was given', () => {
    const tehran = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Tehran',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    fc.assert(
      fc.property(isoDateFrom(1980), fc.integer({ min: 0, max: 86_399 }), (iso, secondOfDay) => {
        const [gy, gm, gd] = iso.split('-').map(Number) as [number, number, number];
        const { jy, jm, jd } = toJalaali(gy, gm, gd);
        const hh = Math.floor(secondOfDay / 3600);
        const mm = Math.floor(secondOfDay / 60) % 60;
        const ss = secondOfDay % 60;
        const p = (n: number, w = 2) => String(n).padStart(w, '0');
        const result = jalaliDateTimeToIso(`${p(jy, 4)}${p(jm)}${p(jd)}${p(hh)}${p(mm)}${p(ss)}`);
        expect(result).not.toBeNull();
        const at = Date.parse(result ?? '');
        const wall = tehran.format(new Date(at));
        // Wall times skipped by a clock change (Iran's, up to 2022, not always in March) cannot be
        // matched: the clock moved other than one hour in the hour before the instant named.
        const wallMs = (ms: number) => Date.parse(`${tehran.format(new Date(ms)).replace(', ', 'T')}Z`);
        if (wallMs(at) - wallMs(at - 3_600_000) === 3_600_000) {
          expect(wall).toBe(`${iso}, ${p(hh)}:${p(mm)}:${p(ss)}`);
        }
        expect(result?.slice(0, 19)).toBe(`${iso}T${p(hh)}:${p(mm)}:${p(ss)}`);
      }),
    );
  });

  it('returns null for impossible dates and times', () => {
    for (const bad of ['', '1403010108300', '14021230083000', '14030101243000', '14030101086000', '14030101083060']) {
      expect(jalaliDateTimeToIso(bad)).toBeNull();
    }
  });
});

describe('parseJalaliDate', () => {
  const PATH = 'input.birthDate';

  it('returns the canonical YYYY/MM/DD', () => {
    expect(parseJalaliDate('1370/5/9', PATH)).toBe('1370/05/09');
    expect(parseJalaliDate('13700509', PATH)).toBe('1370/05/09');
    expect(parseJalaliDate(' ۱۳۹۹/۱۲/۳۰ ', PATH)).toBe('1399/12/30');
  });

  it('rejects impossible dates, two-digit years and Gregorian-looking years', () => {
    for (const bad of ['1402/12/30', '1403/13/01', '700509', '2024-03-20', '20240320', 'yesterday', '']) {
      expect(expectBadUserInput(() => parseJalaliDate(bad, PATH), PATH)).toContain('Jalali');
    }
  });
});
