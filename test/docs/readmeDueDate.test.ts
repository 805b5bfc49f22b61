/**
 * The README walkthrough issues a cheque with a fixed due date, and the subgraph takes a due date from
 * today (Tehran) up to ten years ahead. Its test runs on the day the walkthrough is run as of: the date
 * must be accepted that day, and for years after it, so that readers following the README later can
 * still issue that cheque.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseChequeDueDate } from '../../src/validation/dates.js';
import { WALKTHROUGH_DAY } from './walkthrough.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const YEAR_MS = 365 * 24 * 3600 * 1000;
/** How long after the walkthrough's day its due date must still be accepted. */
const YEARS_OF_USE = 5;

describe('the README’s cheque due date', () => {
  const dates = [...README.matchAll(/"dueDate":\s*"(\d{4}\/\d{2}\/\d{2})"/g)].map((match) => match[1] ?? '');

  it('is given in the walkthrough', () => {
    expect(dates.length).toBeGreaterThan(0);
  });

  it.each(dates)(`%s is accepted on the walkthrough's day and still ${YEARS_OF_USE} years later`, (date) => {
    const day = Date.parse(WALKTHROUGH_DAY);
    expect(() => parseChequeDueDate(date, 'dueDate', day)).not.toThrow();
    expect(
      () => parseChequeDueDate(date, 'dueDate', day + YEARS_OF_USE * YEAR_MS),
      `README.md's cheque due date ${date} falls due within ${YEARS_OF_USE} years of ${WALKTHROUGH_DAY}: give the walkthrough a later one (at most ten years ahead)`,
    ).not.toThrow();
  });
});
