import type { VehicleResolvers } from '../../__generated__/resolvers-types.js';
import { parseNationalId } from '../../validation/identifiers.js';
import { decodePlate, isValidPlateNumber } from '../../validation/plates.js';
import { parsePage, slicePage } from '../shared/pagination.js';

export const Vehicle: VehicleResolvers = {
  __resolveReference: (reference) =>
    typeof reference.plateNumber === 'string' &&
    isValidPlateNumber(reference.plateNumber) &&
    /^\d{9}$/.test(reference.plateNumber)
      ? { plateNumber: reference.plateNumber }
      : null,
  plate: (vehicle) => decodePlate(vehicle.plateNumber),
  ownership: (vehicle, args, { dataSources }) =>
    dataSources.vehicles.checkOwnership(vehicle.plateNumber, parseNationalId(args.ownerNationalId, 'ownerNationalId')),
  ownedBy: (vehicle, args) => ({
    plateNumber: vehicle.plateNumber,
    ownerNationalId: parseNationalId(args.ownerNationalId, 'ownerNationalId'),
  }),
  freewayTolls: async (vehicle, args, { dataSources }) => {
    const page = parsePage(args);
    const { tolls, totalAmount } = await dataSources.vehicles.listFreewayTolls(vehicle.plateNumber);
    return { ...slicePage(tolls, page), totalAmount };
  },
};
