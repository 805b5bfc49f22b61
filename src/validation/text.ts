/**
 * Free text a caller sends on to the bank (transfer descriptions, names, cheque notes). The upstream
 * states lengths but no character set; ours is designed (see the catalog notes of the money and Sayad
 * operations): no control characters, no invisible formatting characters (bidi overrides and the like)
 * except the zero-width non-joiner Persian writing needs, no lone surrogates or private-use characters.
 * Runs of spaces become one space; lengths count characters (code points), not UTF-16 units.
 */
import { BadUserInputError } from '../errors.js';

const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cs}\p{Co}\p{Cn}]|(?!\u200c)\p{Cf}/u;

/** Letters (any script), combining marks, digits, punctuation and spaces: what a bank description holds. */
export const BANK_TEXT = /^[\p{L}\p{M}\p{N}\p{P}\p{Zs}\u200c]*$/u;
/** A person's name: letters, marks, spaces, and `.`, `'` or `-` between them. */
export const PERSON_NAME = /^[\p{L}\p{M}\p{Zs}\u200c.'-]*$/u;
/** Persian letters and digits only, as the Sayad system takes notes on answers and cancellations (wire facts §4.8). */
export const PERSIAN_TEXT = /^[\u0600-\u06FF\u200c ]*$/u;

export interface TextRule {
  readonly min: number;
  readonly max: number;
  /** The characters allowed, and how to tell a caller about them. */
  readonly allowed: RegExp;
  readonly allowedText: string;
}

export function hasControlCharacters(value: string): boolean {
  return INVISIBLE_OR_CONTROL.test(value);
}

/** Text under `rule`, trimmed and with runs of spaces made one; refused on `argumentPath` otherwise. */
export function parseText(value: string, argumentPath: string, rule: TextRule): string {
  if (hasControlCharacters(value)) {
    throw new BadUserInputError(
      argumentPath,
      'control characters (line breaks, tabs …) and invisible formatting characters are not accepted',
    );
  }
  const text = value.trim().replace(/\s+/gu, ' ');
  const length = [...text].length;
  if (length < rule.min || length > rule.max) {
    throw new BadUserInputError(
      argumentPath,
      rule.min === 0 ? `expected at most ${rule.max} characters` : `expected ${rule.min}–${rule.max} characters`,
    );
  }
  if (!rule.allowed.test(text)) throw new BadUserInputError(argumentPath, `expected ${rule.allowedText}`);
  return text;
}
