import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidIban, parseIban } from '../../src/validation/identifiers.js';
import { anyDigitScript, digitString, expectBadUserInput, mutateDigit, mutation, validIban } from './support.js';

const PATH = 'account.iban';

describe('IBAN', () => {
  it('accepts a published valid IBAN and rejects a published invalid one', () => {
    expect(parseIban('IR820540102680020817909002', PATH)).toBe('IR820540102680020817909002');
    expect(isValidIban('IR012345678901234567890123')).toBe(false);
  });

  it('agrees with parseIban on every IBAN with right check digits', () => {
    fc.assert(
      fc.property(validIban, (iban) => {
        expect(isValidIban(iban.toLowerCase())).toBe(true);
      }),
    );
  });

  // Both would pass the mod-97 check: only the shape refuses them.
  it.each([
    ['something before IR', 'ABIR054010268002081790900258'],
    ['something after the 24 digits', 'IR150540102680020817909002AB'],
  ])('refuses %s', (_, value) => {
    expect(isValidIban(value)).toBe(false);
    expect(expectBadUserInput(() => parseIban(value, PATH), PATH)).toBe(
      `${PATH}: expected an IBAN of IR followed by 24 digits (26 characters)`,
    );
  });

  it('accepts every IBAN with right check digits: lowercase, spaced, without IR, in any digit script', () => {
    fc.assert(
      fc.property(validIban, fc.constantFrom('plain', 'lower', 'spaced', 'bare'), (iban, form) => {
        const written =
          form === 'lower'
            ? iban.toLowerCase()
            : form === 'spaced'
              ? (iban.match(/.{1,4}/g) ?? []).join(' ')
              : form === 'bare'
                ? iban.slice(2)
                : iban;
        expect(parseIban(written, PATH)).toBe(iban);
      }),
    );
    fc.assert(
      fc.property(
        validIban.chain((iban) => fc.tuple(fc.constant(iban), anyDigitScript(iban))),
        ([iban, written]) => {
          expect(parseIban(written, PATH)).toBe(iban);
        },
      ),
    );
  });

  it('rejects every single-digit change (mod 97 catches all of them)', () => {
    fc.assert(
      fc.property(validIban, mutation(24), (iban, { index, shift }) => {
        const mutated = mutateDigit(iban, index + 2, shift);
        expect(isValidIban(mutated)).toBe(false);
        expect(expectBadUserInput(() => parseIban(mutated, PATH), PATH)).toContain('check digits');
      }),
    );
  });

  it('rejects wrong shapes with a message naming IR + 24 digits', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          digitString(0, 23).map((d) => `IR${d}`),
          digitString(25, 27).map((d) => `IR${d}`),
          digitString(24).map((d) => `DE${d}`),
          digitString(22).map((d) => `IR${d}AB`),
        ),
        (value) => {
          expect(expectBadUserInput(() => parseIban(value, PATH), PATH)).toContain('IR followed by 24 digits');
        },
      ),
    );
  });
});
