import type { OwnedVehicleResolvers } from '../../__generated__/resolvers-types.js';
import { isValidNationalId, parseMobile } from '../../validation/identifiers.js';
import { isValidPlateNumber } from '../../validation/plates.js';
import { parsePage, slicePage } from '../shared/pagination.js';
import type { OwnedVehicleModel } from './models.js';

/** The owner the upstream is asked as: the key's national id and the field's `ownerMobile`, checked first. */
const ownerOf = (vehicle: OwnedVehicleModel, ownerMobile: string) => ({
  nationalId: vehicle.ownerNationalId,
  mobile: parseMobile(ownerMobile, 'ownerMobile'),
});

export const OwnedVehicle: OwnedVehicleResolvers = {
  __resolveReference: (reference) =>
    typeof reference.plateNumber === 'string' &&
    typeof reference.ownerNationalId === 'string' &&
    isValidPlateNumber(reference.plateNumber) &&
    isValidNationalId(reference.ownerNationalId)
      ? { plateNumber: reference.plateNumber, ownerNationalId: reference.ownerNationalId }
      : null,
  vehicle: (vehicle) => ({ plateNumber: vehicle.plateNumber }),
  owner: (vehicle) => ({ nationalId: vehicle.ownerNationalId }),
  details: (vehicle, _args, { dataSources }) =>
    dataSources.vehicles.getVehicleDetails(vehicle.plateNumber, vehicle.ownerNationalId),
  plateHistory: (vehicle, _args, { dataSources }) =>
    dataSources.vehicles.getPlateHistory(vehicle.plateNumber, vehicle.ownerNationalId),
  thirdPartyInsurance: (vehicle, _args, { dataSources }) =>
    dataSources.vehicles.getThirdPartyPolicy(vehicle.plateNumber, vehicle.ownerNationalId),
  offenses: async (vehicle, args, { dataSources }) => {
    const owner = ownerOf(vehicle, args.ownerMobile);
    const page = parsePage(args);
    const { offenses, totalAmount } = await dataSources.vehicles.listDrivingOffenses(vehicle.plateNumber, owner);
    return { ...slicePage(offenses, page), totalAmount };
  },
  trafficTolls: async (vehicle, args, { dataSources }) => {
    const owner = ownerOf(vehicle, args.ownerMobile);
    const page = parsePage(args);
    return slicePage(await dataSources.vehicles.listTrafficTolls(vehicle.plateNumber, owner), page);
  },
};
