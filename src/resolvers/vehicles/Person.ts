import type { PersonResolvers } from '../../__generated__/resolvers-types.js';
import { BadUserInputError } from '../../errors.js';
import { parseBirthDate } from '../../validation/dates.js';
import { parseMobile } from '../../validation/identifiers.js';
import type { PersonModel } from '../people/models.js';

function mobileOf(person: PersonModel, argument: string | null | undefined): string {
  if (argument !== null && argument !== undefined) return parseMobile(argument, 'mobile');
  if (person.mobile) return person.mobile;
  throw new BadUserInputError('mobile', "the person's mobile is not known here; pass their mobile number (09…)");
}

export const Person: PersonResolvers = {
  activePlates: async (person, args, { dataSources }) => {
    const mobile = mobileOf(person, args.mobile);
    const plates = await dataSources.vehicles.listActivePlates(person.nationalId, mobile);
    return plates
      .filter((plate) => args.includeRevoked !== false || plate.revoked !== true)
      .map((plate) => ({ ...plate, ownerNationalId: person.nationalId, ownerMobile: mobile }));
  },
  drivingLicences: async (person, args, { dataSources }) => {
    const mobile = mobileOf(person, args.mobile);
    const check = await dataSources.vehicles.checkDrivingLicences(person.nationalId, mobile);
    return {
      ...check,
      licences: check.licences.map((licence) => ({
        ...licence,
        holderNationalId: person.nationalId,
        holderMobile: mobile,
      })),
    };
  },
  driverRisk: async (person, args, { dataSources }) => {
    const score = await dataSources.vehicles.getDriverRiskScore(
      person.nationalId,
      parseBirthDate(args.birthDate, 'birthDate'),
    );
    return score === null ? null : { score };
  },
};
