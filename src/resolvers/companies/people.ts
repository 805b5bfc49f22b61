import { BadUserInputError } from '../../errors.js';
import { parseLegalId, parseMobile, parseNationalId } from '../../validation/identifiers.js';
import type { CompanyModel } from './models.js';
import type { PersonModel } from '../people/models.js';
import type { PersonMobileModel } from '../vehicles/models.js';

/**
 * A registry's id in the canonical form of an entity key (ASCII digits, trimmed), or null when it is not
 * a valid one: keys from registry records must equal the keys callers give for the same person.
 */
function canonical(value: string | null, parse: (value: string, argumentPath: string) => string): string | null {
  if (value === null) return null;
  try {
    return parse(value, 'record');
  } catch (error) {
    if (error instanceof BadUserInputError) return null;
    throw error;
  }
}

/** The person a registry record names; null unless the id is a valid national id. */
export function personFromRecord(id: string | null): PersonModel | null {
  const nationalId = canonical(id, parseNationalId);
  return nationalId === null ? null : { nationalId };
}

/** The person a registry record names with the mobile it gives; null unless both are valid. */
export function personMobileFromRecord(id: string | null, number: string | null): PersonMobileModel | null {
  const nationalId = canonical(id, parseNationalId);
  const mobile = canonical(number, parseMobile);
  return nationalId === null || mobile === null ? null : { nationalId, mobile };
}

/** The legal person a registry record names; null unless the id is a valid legal id. */
export function companyFromRecord(id: string | null): CompanyModel | null {
  const nationalId = canonical(id, parseLegalId);
  return nationalId === null ? null : { nationalId };
}
