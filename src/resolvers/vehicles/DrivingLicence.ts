import type { DrivingLicenceResolvers } from '../../__generated__/resolvers-types.js';
import { isValidLicenceNumber } from '../../validation/identifiers.js';

export const DrivingLicence: DrivingLicenceResolvers = {
  negativeScore: (licence, _args, { dataSources }) =>
    licence.number !== null && isValidLicenceNumber(licence.number)
      ? dataSources.vehicles.getNegativeScore({
          licenceNumber: licence.number,
          nationalId: licence.holderNationalId,
          mobile: licence.holderMobile,
        })
      : null,
};
