import type { PersonResolvers } from '../../__generated__/resolvers-types.js';
import { parseBirthDate } from '../../validation/dates.js';
import { parseMobile } from '../../validation/identifiers.js';
import { parseDriverRiskOptions } from '../../validation/driverRisk.js';
import { activePlatesOf, drivingLicencesOf } from './personMobileRecords.js';

export const Person: PersonResolvers = {
  withMobile: (person, args) => ({ nationalId: person.nationalId, mobile: parseMobile(args.mobile, 'mobile') }),
  activePlates: (person, args, { dataSources }) =>
    activePlatesOf({ nationalId: person.nationalId, mobile: parseMobile(args.mobile, 'mobile') }, args, dataSources),
  drivingLicences: (person, args, { dataSources }) =>
    drivingLicencesOf({ nationalId: person.nationalId, mobile: parseMobile(args.mobile, 'mobile') }, dataSources),
  driverRisk: async (person, args, { dataSources, clock }) => {
    const score = await dataSources.vehicles.getDriverRiskScore(
      person.nationalId,
      parseBirthDate(args.birthDate, 'birthDate', clock.now()),
      parseDriverRiskOptions(args),
    );
    return score === null ? null : { score };
  },
};
