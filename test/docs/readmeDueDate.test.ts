/**
 * The README walkthrough issues a cheque with a fixed due date, and the subgraph takes a due date from
 * today (Tehran) to ten years ahead: this fails a year before that date stops being accepted, naming it,
 * so the README can be given a later one before its walkthrough breaks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseChequeDueDate } from '../../src/validation/dates.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const YEAR_MS = 365 * 24 * 3600 * 1000;

describe('the README’s cheque due date', () => {
  const dates = [...README.matchAll(/"dueDate":\s*"(\d{4}\/\d{2}\/\d{2})"/g)].map((match) => match[1] ?? '');

  it('is given in the walkthrough', () => {
    expect(dates.length).toBeGreaterThan(0);
  });

  it.each(dates)('%s is accepted today and still a year from now', (date) => {
    const now = Date.now();
    expect(() => parseChequeDueDate(date, 'dueDate', now)).not.toThrow();
    expect(
      () => parseChequeDueDate(date, 'dueDate', now + YEAR_MS),
      `README.md's cheque due date ${date} falls due within a year: give the walkthrough a later one (at most ten years ahead)`,
    ).not.toThrow();
  });
});
