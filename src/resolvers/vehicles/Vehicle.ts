import type { VehicleResolvers } from '../../__generated__/resolvers-types.js';
import { decodePlate, isValidPlateNumber } from '../../validation/plates.js';
import { parsePage, slicePage } from '../shared/pagination.js';
import { ownerNationalIdOf, ownerOf } from './owner.js';

export const Vehicle: VehicleResolvers = {
  __resolveReference: (reference) =>
    typeof reference.plateNumber === 'string' &&
    isValidPlateNumber(reference.plateNumber) &&
    /^\d{9}$/.test(reference.plateNumber)
      ? { plateNumber: reference.plateNumber }
      : null,
  plate: (vehicle) => decodePlate(vehicle.plateNumber),
  owner: (vehicle) =>
    vehicle.ownerNationalId
      ? { nationalId: vehicle.ownerNationalId, ...(vehicle.ownerMobile && { mobile: vehicle.ownerMobile }) }
      : null,
  ownership: (vehicle, args, { dataSources }) =>
    dataSources.vehicles.checkOwnership(vehicle.plateNumber, ownerNationalIdOf(vehicle, args.ownerNationalId)),
  details: (vehicle, args, { dataSources }) =>
    dataSources.vehicles.getVehicleDetails(vehicle.plateNumber, ownerNationalIdOf(vehicle, args.ownerNationalId)),
  plateHistory: (vehicle, args, { dataSources }) =>
    dataSources.vehicles.getPlateHistory(vehicle.plateNumber, ownerNationalIdOf(vehicle, args.ownerNationalId)),
  thirdPartyInsurance: (vehicle, args, { dataSources }) =>
    dataSources.vehicles.getThirdPartyPolicy(vehicle.plateNumber, ownerNationalIdOf(vehicle, args.ownerNationalId)),
  offenses: async (vehicle, args, { dataSources }) => {
    const owner = ownerOf(vehicle, args);
    const page = parsePage(args);
    const { offenses, totalAmount } = await dataSources.vehicles.listDrivingOffenses(vehicle.plateNumber, owner);
    return { ...slicePage(offenses, page), totalAmount };
  },
  trafficTolls: async (vehicle, args, { dataSources }) => {
    const owner = ownerOf(vehicle, args);
    const page = parsePage(args);
    return slicePage(await dataSources.vehicles.listTrafficTolls(vehicle.plateNumber, owner), page);
  },
  freewayTolls: async (vehicle, args, { dataSources }) => {
    const page = parsePage(args);
    const { tolls, totalAmount } = await dataSources.vehicles.listFreewayTolls(vehicle.plateNumber);
    return { ...slicePage(tolls, page), totalAmount };
  },
};
