import { describe, expect, it } from 'vitest';
import { parseIdempotencyKey } from '../../src/validation/idempotencyKey.js';
import { expectBadUserInput } from './support.js';

describe('parseIdempotencyKey', () => {
  it.each([['a'], ['Z'], ['0'], ['-'], ['_'], ['order-2024_11-A'], ['k'.repeat(64)]])('accepts %j as it is', (key) => {
    expect(parseIdempotencyKey(key, 'input.idempotencyKey')).toBe(key);
  });

  it.each([
    ['nothing', ''],
    ['65 characters', 'k'.repeat(65)],
    ['a space', 'order 1'],
    ['a surrounding space (not trimmed)', ' order-1'],
    ['a dot', 'order.1'],
    ['a Persian digit', 'order-۱'],
    ['a line break after the key', 'order-1\n'],
  ])('refuses %s', (_, key) => {
    const message = expectBadUserInput(() => parseIdempotencyKey(key, 'input.idempotencyKey'), 'input.idempotencyKey');
    expect(message).toBe('input.idempotencyKey: expected 1–64 letters, digits, `-` or `_`');
  });
});
