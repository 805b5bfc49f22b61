import { normalizeDigits } from './digits.js';

// Plain digits, or digits grouped in threes by `,` (ASCII) or `٬` (Arabic thousands separator).
const INTEGER_TEXT = /^(-?)(\d+|\d{1,3}(?:,\d{3})+|\d{1,3}(?:٬\d{3})+)$/;

function canonicalInteger(negative: boolean, digits: string): string {
  const magnitude = digits.replace(/^0+(?=\d)/, '');
  return negative && magnitude !== '0' ? `-${magnitude}` : magnitude;
}

/**
 * An amount in rials as the upstream sends it (number, bigint or digit string — possibly padded with
 * zeros, grouped by commas, in Persian digits, or negative) → canonical decimal integer string.
 * Null when missing or blank. Throws for anything that is not an exact integer, so precision is
 * never silently lost.
 */
export function parseRial(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error('amount is not an exact integer');
    return String(value); // String(-0) is "0"
  }
  if (typeof value !== 'string') throw new Error(`amount is a ${typeof value}, not a number or string`);

  const text = normalizeDigits(value.trim());
  if (text === '') return null;
  const m = INTEGER_TEXT.exec(text);
  // The text itself stays out of the message: it came from the upstream and may end up in a log.
  if (m === null) throw new Error('amount is not an integer');
  return canonicalInteger(m[1] === '-', (m[2] ?? '').replace(/[,٬]/g, ''));
}

/** A count (number or numeric string, leniently) → integer; null when missing or blank. */
export function parseCount(value: unknown): number | null {
  const text = parseRial(value);
  if (text === null) return null;
  const count = Number(text);
  if (!Number.isSafeInteger(count)) throw new Error('count is too large to be exact');
  return count;
}
