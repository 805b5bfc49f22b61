import { describe, expect, it } from 'vitest';
import { parseBirthDate, parseChequeDueDate, parseDateNotInFuture, tehranToday } from '../../src/validation/dates.js';
import { parseStatementRange } from '../../src/resolvers/accounts/statementRange.js';
import { expectBadUserInput } from './support.js';

/** 2026-11-25 11:30 in Tehran: Jalali 1405/09/04. */
const NOW = Date.UTC(2026, 10, 25, 8, 0);
/** One minute past midnight in Tehran, while it is still 2026-11-25 in UTC: Jalali 1405/09/05. */
const AFTER_TEHRAN_MIDNIGHT = Date.UTC(2026, 10, 25, 20, 31);

describe('tehranToday', () => {
  it('is the Jalali day in Tehran', () => {
    expect(tehranToday(NOW)).toBe('1405/09/04');
    expect(tehranToday(AFTER_TEHRAN_MIDNIGHT)).toBe('1405/09/05');
  });
});

describe('parseBirthDate', () => {
  it('accepts 1300/01/01 to today, in either shape', () => {
    expect(parseBirthDate('1300/01/01', 'birthDate', NOW)).toBe('1300/01/01');
    expect(parseBirthDate('13690521', 'birthDate', NOW)).toBe('1369/05/21');
    expect(parseBirthDate('1405/09/04', 'birthDate', NOW)).toBe('1405/09/04');
    expect(parseBirthDate('1405/09/05', 'birthDate', AFTER_TEHRAN_MIDNIGHT)).toBe('1405/09/05');
  });

  it.each([
    ['a birth year like 1500', '1500/01/01'],
    ['the day before 1300', '1299/12/29'],
    ['tomorrow', '1405/09/05'],
    ['a Gregorian date', '1990-05-01'],
    ['a day that does not exist', '1403/12/31'],
  ])('refuses %s', (_, value) => {
    expectBadUserInput(() => parseBirthDate(value, 'birthDate', NOW), 'birthDate');
  });
});

describe('the bounds a refusal states', () => {
  it('names the earliest birth date and today', () => {
    expect(expectBadUserInput(() => parseBirthDate('1405/09/05', 'birthDate', NOW), 'birthDate')).toBe(
      'birthDate: a birth date must be from 1300/01/01 to today (1405/09/04)',
    );
  });

  it('names today and the latest due date', () => {
    expect(expectBadUserInput(() => parseChequeDueDate('1405/09/03', 'input.dueDate', NOW), 'input.dueDate')).toBe(
      'input.dueDate: a due date must be from today (1405/09/04) to 1415/09/04',
    );
  });

  it('names today for a date in the future', () => {
    expect(expectBadUserInput(() => parseDateNotInFuture('1405/09/05', 'to', NOW), 'to')).toBe(
      'to: must not be after today (1405/09/04)',
    );
  });
});

describe('parseChequeDueDate', () => {
  it('accepts today to ten years ahead', () => {
    expect(parseChequeDueDate('1405/09/04', 'input.dueDate', NOW)).toBe('1405/09/04');
    expect(parseChequeDueDate('1415/09/04', 'input.dueDate', NOW)).toBe('1415/09/04');
  });

  it.each([
    ['yesterday', '1405/09/03'],
    ['a day past ten years', '1415/09/05'],
    ['an absurd year', '1599/01/01'],
  ])('refuses %s', (_, value) => {
    expectBadUserInput(() => parseChequeDueDate(value, 'input.dueDate', NOW), 'input.dueDate');
  });
});

describe('dates not in the future', () => {
  it('accepts today and refuses tomorrow', () => {
    expect(parseDateNotInFuture('1405/09/04', 'to', NOW)).toBe('1405/09/04');
    expectBadUserInput(() => parseDateNotInFuture('1405/09/05', 'to', NOW), 'to');
  });

  it('refuses a statement range that ends after today', () => {
    expect(parseStatementRange({ from: '1405/09/01', to: '1405/09/04' }, NOW)).toEqual({
      fromDate: '14050901',
      toDate: '14050904',
    });
    expectBadUserInput(() => parseStatementRange({ from: '1405/09/01', to: '1405/09/05' }, NOW), 'to');
  });
});
