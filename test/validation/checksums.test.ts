import { describe, expect, it } from 'vitest';
import { passesIbanMod97 } from '../../src/validation/checksums.js';

describe('passesIbanMod97', () => {
  it('checks IBANs of any country, letters A to Z included', () => {
    expect(passesIbanMod97('GB82WEST12345698765432')).toBe(true);
    expect(passesIbanMod97('AZ21NABZ00000000137010001944')).toBe(true);
    expect(passesIbanMod97('AZ22NABZ00000000137010001944')).toBe(false);
  });

  // Each of these would pass were its odd character read as a letter or a digit, or skipped.
  it.each([
    ['lowercase letters', 'ir860540102680020817909002'],
    ['a character below the digits', 'IR66054010268002081790900/'],
    ['a character between the digits and the letters', 'IR020540102680020817909002@'],
    ['a dash, the rest being a valid IBAN', 'IR8205401026800208-17909002'],
  ])('refuses %s', (_, iban) => {
    expect(passesIbanMod97(iban)).toBe(false);
  });
});
