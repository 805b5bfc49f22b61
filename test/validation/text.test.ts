import { describe, expect, it } from 'vitest';
import {
  BANK_TEXT,
  hasControlCharacters,
  parseText,
  PERSIAN_TEXT,
  PERSON_NAME,
  type TextRule,
} from '../../src/validation/text.js';
import { expectBadUserInput } from './support.js';

const DESCRIPTION: TextRule = {
  min: 1,
  max: 30,
  allowed: BANK_TEXT,
  allowedText: 'letters, digits, punctuation and spaces',
};
const NAME: TextRule = { min: 2, max: 30, allowed: PERSON_NAME, allowedText: 'a name' };
const NOTE: TextRule = { min: 0, max: 100, allowed: PERSIAN_TEXT, allowedText: 'Persian letters only' };

describe('parseText', () => {
  it('trims, makes runs of spaces one, and keeps Persian text with its zero-width non-joiner', () => {
    expect(parseText('  قسط   آبان ماه ', 'd', DESCRIPTION)).toBe('قسط آبان ماه');
    expect(parseText('می‌خواهم', 'd', DESCRIPTION)).toBe('می‌خواهم');
    expect(parseText("Jean-Luc O'Neil", 'n', NAME)).toBe("Jean-Luc O'Neil");
    expect(parseText('', 'note', NOTE)).toBe('');
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['BEL', 'a\u0007b'],
    ['a line break', 'a\nb'],
    ['a tab', 'a\tb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a right-to-left override', 'a\u202Eb'],
    ['a left-to-right isolate', 'a\u2066b'],
    ['a zero-width space', 'a\u200Bb'],
    ['an Arabic letter mark', 'ب\u061Cب'],
    ['a byte-order mark', '\uFEFFab'],
    ['a lone surrogate', 'a\uD800b'],
    ['a private-use character', 'a\uE000b'],
  ])('refuses %s', (_, value) => {
    expect(hasControlCharacters(value)).toBe(true);
    const message = expectBadUserInput(() => parseText(value, 'input.description', DESCRIPTION), 'input.description');
    expect(message).toBe(
      'input.description: control characters (line breaks, tabs …) and invisible formatting characters are not accepted',
    );
  });

  it('counts characters, not UTF-16 units, against the length', () => {
    expect(parseText('𝒜'.repeat(30), 'd', { ...DESCRIPTION, allowed: /^[\p{L}]*$/u })).toHaveLength(60);
    expectBadUserInput(() => parseText('ب'.repeat(31), 'd', DESCRIPTION), 'd');
    expectBadUserInput(() => parseText('   ', 'd', DESCRIPTION), 'd');
    expectBadUserInput(() => parseText('a', 'n', NAME), 'n');
  });

  it('states the length a rule takes', () => {
    expect(expectBadUserInput(() => parseText('ب'.repeat(31), 'd', DESCRIPTION), 'd')).toBe(
      'd: expected 1–30 characters',
    );
    expect(expectBadUserInput(() => parseText('ب'.repeat(101), 'note', NOTE), 'note')).toBe(
      'note: expected at most 100 characters',
    );
  });

  it('refuses characters outside the rule', () => {
    expectBadUserInput(() => parseText('قسط 💸', 'd', DESCRIPTION), 'd');
    expectBadUserInput(() => parseText('R2D2', 'n', NAME), 'n');
    expectBadUserInput(() => parseText('accepted', 'note', NOTE), 'note');
  });

  it('never quotes the value, however long', () => {
    const message = expectBadUserInput(() => parseText('x'.repeat(10_000), 'd', DESCRIPTION), 'd');
    expect(message.length).toBeLessThan(100);
  });
});
