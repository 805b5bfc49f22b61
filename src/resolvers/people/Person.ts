import type { PersonResolvers } from '../../__generated__/resolvers-types.js';
import { parseBirthDate } from '../../validation/dates.js';
import { isValidNationalId, parseLicenceNumber, parseMobile } from '../../validation/identifiers.js';

export const Person: PersonResolvers = {
  __resolveReference: (reference) =>
    typeof reference.nationalId === 'string' && isValidNationalId(reference.nationalId)
      ? { nationalId: reference.nationalId }
      : null,
  drivingLicenceNegativeScore: (person, args, { dataSources }) =>
    dataSources.vehicles.getNegativeScore({
      nationalId: person.nationalId,
      licenceNumber: parseLicenceNumber(args.licenceNumber, 'licenceNumber'),
      mobile: parseMobile(args.mobile, 'mobile'),
    }),
  identity: (person, args, { dataSources, clock }) =>
    dataSources.people.getIdentity(person.nationalId, parseBirthDate(args.birthDate, 'birthDate', clock.now())),
};
