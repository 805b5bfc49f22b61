import type { DrivingLicenceResolvers } from '../../__generated__/resolvers-types.js';
import { isValidLicenceNumber, isValidNationalId, parseNationalId } from '../../validation/identifiers.js';

export const DrivingLicence: DrivingLicenceResolvers = {
  holder: (licence) =>
    licence.nationalId !== null && isValidNationalId(licence.nationalId)
      ? { nationalId: parseNationalId(licence.nationalId, 'nationalId') }
      : null,
  negativeScore: (licence, _args, { dataSources }) =>
    licence.number !== null && isValidLicenceNumber(licence.number)
      ? dataSources.vehicles.getNegativeScore({
          licenceNumber: licence.number,
          nationalId: licence.holderNationalId,
          mobile: licence.holderMobile,
        })
      : null,
};
