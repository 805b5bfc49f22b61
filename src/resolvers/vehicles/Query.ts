import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { BadUserInputError } from '../../errors.js';
import { buildPlateNumber, parseMotorcyclePlateNumber, parsePlateNumber } from '../../validation/plates.js';

export const Query: QueryResolvers = {
  vehicle: (_parent, args) => {
    const { plateNumber, plate } = args;
    if (plateNumber !== null && plateNumber !== undefined && plate !== null && plate !== undefined) {
      throw new BadUserInputError('plate', 'give either `plateNumber` or `plate`, not both');
    }
    if (plate !== null && plate !== undefined) return { plateNumber: buildPlateNumber(plate, 'plate') };
    if (plateNumber === null || plateNumber === undefined) {
      throw new BadUserInputError('plateNumber', "give the 9-digit `plateNumber` or the plate's parts in `plate`");
    }
    return { plateNumber: parsePlateNumber(plateNumber, 'plateNumber') };
  },
  motorcycle: (_parent, args) => ({ plateNumber: parseMotorcyclePlateNumber(args.plateNumber, 'plateNumber') }),
};
