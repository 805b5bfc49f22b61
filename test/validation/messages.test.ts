import { describe, expect, it } from 'vitest';
import { BadUserInputError, capMessage, MESSAGE_MAX, quoteValue } from '../../src/errors.js';

describe('quoting a caller’s value', () => {
  it('quotes a short value whole and a long one by its first 24 characters', () => {
    expect(quoteValue('abc')).toBe('"abc"');
    expect(quoteValue('x'.repeat(24))).toBe(`"${'x'.repeat(24)}"`);
    expect(quoteValue('x'.repeat(10_000))).toBe(`"${'x'.repeat(24)}…"`);
  });

  it('cuts by characters, never inside a surrogate pair', () => {
    expect(quoteValue('😀'.repeat(30))).toBe(`"${'😀'.repeat(24)}…"`);
  });

  it('caps every BadUserInputError message, also with a huge argument path', () => {
    const error = new BadUserInputError('p'.repeat(10_000), 'm'.repeat(10_000));
    expect([...error.message].length).toBeLessThanOrEqual(MESSAGE_MAX);
    expect(error.message.endsWith('…')).toBe(true);
    expect(capMessage('short')).toBe('short');
  });
});
