import { describe, expect, it } from 'vitest';
import { parseIdentityClaim, parseIdentityNumber } from '../../src/validation/people.js';
import { expectBadUserInput, toPersianDigits } from './support.js';

/** The time of the checks: every birth date below is before its day. */
const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('parseIdentityClaim', () => {
  it('normalises the birth date and the names, and fills what is absent with null', () => {
    expect(
      parseIdentityClaim(
        {
          birthDate: toPersianDigits('13700115'),
          fullName: '  علی   رضایی ',
          firstName: 'علی',
          lastName: "O'Neil-Smith",
          fatherName: 'حسن',
          gender: 'MALE',
        },
        NOW,
      ),
    ).toEqual({
      birthDate: '1370/01/15',
      fullName: 'علی رضایی',
      firstName: 'علی',
      lastName: "O'Neil-Smith",
      fatherName: 'حسن',
      gender: 'MALE',
    });
    expect(parseIdentityClaim({ birthDate: '1370/01/15', lastName: 'رضایی' }, NOW)).toEqual({
      birthDate: '1370/01/15',
      fullName: null,
      firstName: null,
      lastName: 'رضایی',
      fatherName: null,
      gender: null,
    });
  });

  it.each([
    ['fullName', { fullName: 'علی رضایی' }],
    ['firstName', { firstName: 'علی' }],
    ['lastName', { lastName: 'رضایی' }],
  ])('takes %s alone as the one name it needs', (_, names) => {
    expect(() => parseIdentityClaim({ birthDate: '1370/01/15', ...names }, NOW)).not.toThrow();
  });

  it('refuses a claim with no name but the father’s, on fullName', () => {
    const message = expectBadUserInput(
      () => parseIdentityClaim({ birthDate: '1370/01/15', fatherName: 'حسن', fullName: null }, NOW),
      'fullName',
    );
    expect(message).toBe('fullName: give at least one of fullName, firstName or lastName');
  });

  it.each([
    ['birthDate', { birthDate: '1299/12/29', fullName: 'علی' }],
    ['birthDate', { birthDate: 'yesterday', fullName: 'علی' }],
    ['fullName', { birthDate: '1370/01/15', fullName: 'R2D2' }],
    ['firstName', { birthDate: '1370/01/15', firstName: '   ' }],
    ['lastName', { birthDate: '1370/01/15', lastName: 'ب'.repeat(101) }],
    ['fatherName', { birthDate: '1370/01/15', lastName: 'رضایی', fatherName: 'حسن\n' }],
  ])('refuses a bad %s on its own path', (path, claim) => {
    expectBadUserInput(() => parseIdentityClaim(claim, NOW), path);
  });

  it('takes a name of 100 characters and tells what a name may hold', () => {
    expect(parseIdentityClaim({ birthDate: '1370/01/15', lastName: 'ب'.repeat(100) }, NOW).lastName).toBe(
      'ب'.repeat(100),
    );
    const message = expectBadUserInput(
      () => parseIdentityClaim({ birthDate: '1370/01/15', firstName: 'Ali_1' }, NOW),
      'firstName',
    );
    expect(message).toBe("firstName: expected a name: letters, spaces and . ' -");
  });
});

describe('parseIdentityNumber', () => {
  it('takes 1 to 10 digits, trimmed, and absent as null', () => {
    expect(parseIdentityNumber(' 0 ', 'identityNumber')).toBe('0');
    expect(parseIdentityNumber('1234567890', 'identityNumber')).toBe('1234567890');
    expect(parseIdentityNumber(null, 'identityNumber')).toBeNull();
    expect(parseIdentityNumber(undefined, 'identityNumber')).toBeNull();
  });

  it.each([
    ['nothing', ''],
    ['11 digits', '12345678901'],
    ['a letter', '12a4'],
    ['a dash', '12-34'],
  ])('refuses %s', (_, value) => {
    const message = expectBadUserInput(() => parseIdentityNumber(value, 'identityNumber'), 'identityNumber');
    expect(message).toBe('identityNumber: expected a birth-certificate number of up to 10 digits');
  });
});
