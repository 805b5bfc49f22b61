import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCardNumber, parseCardNumber } from '../../src/validation/identifiers.js';
import { anyDigitScript, digitString, expectBadUserInput, mutateDigit, mutation, validCardNumber } from './support.js';

const PATH = 'card.number';

describe('card number', () => {
  it('agrees with published examples', () => {
    expect(parseCardNumber('6037701689095443', PATH)).toBe('6037701689095443');
    expect(parseCardNumber('6219-8610-3452-9007', PATH)).toBe('6219861034529007');
    expect(isValidCardNumber('6219861034529008')).toBe(false);
  });

  it('accepts every Luhn-valid 16-digit number with separators and in any digit script', () => {
    fc.assert(
      fc.property(
        validCardNumber.chain((card) => fc.tuple(fc.constant(card), anyDigitScript(card))),
        fc.constantFrom('', ' ', '-', '/'),
        ([card, written], separator) => {
          const grouped = (written.match(/.{1,4}/g) ?? []).join(separator);
          expect(parseCardNumber(` ${grouped} `, PATH)).toBe(card);
          expect(isValidCardNumber(` ${grouped} `)).toBe(true);
        },
      ),
    );
  });

  it('rejects every single-digit change (Luhn catches all of them)', () => {
    fc.assert(
      fc.property(validCardNumber, mutation(16), (card, { index, shift }) => {
        const mutated = mutateDigit(card, index, shift);
        expect(isValidCardNumber(mutated)).toBe(false);
        expect(expectBadUserInput(() => parseCardNumber(mutated, PATH), PATH)).toContain('Luhn');
      }),
    );
  });

  it('rejects other lengths with a message saying 16 digits', () => {
    fc.assert(
      fc.property(fc.oneof(digitString(0, 15), digitString(17, 20)), (value) => {
        expect(expectBadUserInput(() => parseCardNumber(value, PATH), PATH)).toContain('16 digits');
      }),
    );
  });
});
