import type { MotorcycleResolvers } from '../../__generated__/resolvers-types.js';
import { parseMobile, parseNationalId } from '../../validation/identifiers.js';

export const Motorcycle: MotorcycleResolvers = {
  offenses: (motorcycle, args, { dataSources }) =>
    dataSources.vehicles.getRidingOffenses(motorcycle.plateNumber, {
      nationalId: parseNationalId(args.ownerNationalId, 'ownerNationalId'),
      mobile: parseMobile(args.ownerMobile, 'ownerMobile'),
    }),
};
