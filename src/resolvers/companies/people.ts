import { isValidLegalId, isValidMobile, isValidNationalId } from '../../validation/identifiers.js';
import type { CompanyModel } from './models.js';
import type { PersonModel } from '../people/models.js';
import type { PersonMobileModel } from '../vehicles/models.js';

/** The person a registry record names; null unless the id is a valid national id. */
export const personFromRecord = (nationalId: string | null): PersonModel | null =>
  nationalId !== null && isValidNationalId(nationalId) ? { nationalId } : null;

/** The person a registry record names with the mobile it gives; null unless both are valid. */
export const personMobileFromRecord = (nationalId: string | null, mobile: string | null): PersonMobileModel | null =>
  nationalId !== null && mobile !== null && isValidNationalId(nationalId) && isValidMobile(mobile)
    ? { nationalId, mobile }
    : null;

/** The legal person a registry record names; null unless the id is a valid legal id. */
export const companyFromRecord = (id: string | null): CompanyModel | null =>
  id !== null && isValidLegalId(id) ? { nationalId: id } : null;
