import { BadUserInputError } from '../errors.js';
import { parseBirthDate } from './dates.js';
import { parseText, PERSON_NAME, type TextRule } from './text.js';

/** What the caller claims about a person, to be matched against the civil registry. */
export interface IdentityClaim {
  readonly birthDate: string;
  readonly fullName?: string | null;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly fatherName?: string | null;
  readonly gender?: 'MALE' | 'FEMALE' | null;
}

const MAX_NAME_LENGTH = 100;
const NAME_RULE: TextRule = {
  min: 1,
  max: MAX_NAME_LENGTH,
  allowed: PERSON_NAME,
  allowedText: "a name: letters, spaces and . ' -",
};

function name(value: string | null | undefined, argumentPath: string): string | null {
  if (value === null || value === undefined) return null;
  return parseText(value, argumentPath, NAME_RULE);
}

/** Details to match against the civil registry: a valid Persian birth date (up to `now`'s day) and at least one name. */
export function parseIdentityClaim(args: IdentityClaim, now: number): IdentityClaim {
  const claim = {
    birthDate: parseBirthDate(args.birthDate, 'birthDate', now),
    fullName: name(args.fullName, 'fullName'),
    firstName: name(args.firstName, 'firstName'),
    lastName: name(args.lastName, 'lastName'),
    fatherName: name(args.fatherName, 'fatherName'),
    gender: args.gender ?? null,
  };
  if (!claim.fullName && !claim.firstName && !claim.lastName) {
    throw new BadUserInputError('fullName', 'give at least one of fullName, firstName or lastName');
  }
  return claim;
}

/** A birth-certificate number: digits only, up to 10. */
export function parseIdentityNumber(value: string | null | undefined, argumentPath: string): string | null {
  if (value === null || value === undefined) return null;
  const digits = value.trim();
  if (!/^\d{1,10}$/.test(digits))
    throw new BadUserInputError(argumentPath, 'expected a birth-certificate number of up to 10 digits');
  return digits;
}
