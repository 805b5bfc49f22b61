import type { PlateRegistrationResolvers } from '../../__generated__/resolvers-types.js';

export const PlateRegistration: PlateRegistrationResolvers = {
  // A revoked plate is no longer the person's: its vehicle is given without an owner.
  vehicle: (registration) =>
    registration.plateNumber === null
      ? null
      : registration.revoked === true
        ? { plateNumber: registration.plateNumber }
        : {
            plateNumber: registration.plateNumber,
            ownerNationalId: registration.ownerNationalId,
            ownerMobile: registration.ownerMobile,
          },
};
