import { isValidLegalId, isValidNationalId } from '../../validation/identifiers.js';
import type { CompanyModel } from './models.js';
import type { PersonModel } from '../people/models.js';

/** The person a registry record names, with the mobile the record gives; null unless the id is a valid national id. */
export function personFromRecord(nationalId: string | null, mobile: string | null): PersonModel | null {
  if (nationalId === null || !isValidNationalId(nationalId)) return null;
  return mobile === null ? { nationalId } : { nationalId, mobile };
}

/** The legal person a registry record names; null unless the id is a valid legal id. */
export const companyFromRecord = (id: string | null): CompanyModel | null =>
  id !== null && isValidLegalId(id) ? { nationalId: id } : null;
