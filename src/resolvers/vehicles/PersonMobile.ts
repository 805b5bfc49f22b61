import type { PersonMobileResolvers } from '../../__generated__/resolvers-types.js';
import { isValidMobile, isValidNationalId } from '../../validation/identifiers.js';
import { activePlatesOf, drivingLicencesOf } from './personMobileRecords.js';

export const PersonMobile: PersonMobileResolvers = {
  __resolveReference: (reference) =>
    typeof reference.nationalId === 'string' &&
    typeof reference.mobile === 'string' &&
    isValidNationalId(reference.nationalId) &&
    isValidMobile(reference.mobile)
      ? { nationalId: reference.nationalId, mobile: reference.mobile }
      : null,
  person: (holder) => ({ nationalId: holder.nationalId }),
  activePlates: (holder, args, { dataSources }) => activePlatesOf(holder, args, dataSources),
  drivingLicences: (holder, _args, { dataSources }) => drivingLicencesOf(holder, dataSources),
};
