import { BadUserInputError } from '../errors.js';
import { parseRial } from '../lib/amount.js';

/**
 * A caller's amount in rials (digit string, safe-integer number or bigint; commas and Persian
 * digits allowed) → canonical positive integer string, kept exact past 2^53.
 */
export function parseAmount(value: unknown, argumentPath: string): string {
  let rials: string | null;
  try {
    rials = parseRial(value);
  } catch {
    rials = null;
  }
  if (rials === null || rials.startsWith('-') || rials === '0') {
    throw new BadUserInputError(argumentPath, 'expected a positive whole number of rials, e.g. "1500000"');
  }
  return rials;
}
