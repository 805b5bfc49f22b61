import type { PlateRegistrationResolvers } from '../../__generated__/resolvers-types.js';

export const PlateRegistration: PlateRegistrationResolvers = {
  vehicle: (registration) => (registration.plateNumber === null ? null : { plateNumber: registration.plateNumber }),
  // A revoked plate is no longer the person's.
  ownedVehicle: (registration) =>
    registration.plateNumber === null || registration.revoked === true
      ? null
      : { plateNumber: registration.plateNumber, ownerNationalId: registration.ownerNationalId },
};
