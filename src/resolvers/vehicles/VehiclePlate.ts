import type { VehiclePlateResolvers } from '../../__generated__/resolvers-types.js';
import { DISABLED_LETTER_CODE, plateText, PROTOCOL_LETTER_CODE } from '../../validation/plates.js';

export const VehiclePlate: VehiclePlateResolvers = {
  kind: (plate) =>
    plate.letterCode === DISABLED_LETTER_CODE
      ? 'DISABLED'
      : plate.letterCode === PROTOCOL_LETTER_CODE
        ? 'PROTOCOL'
        : 'ORDINARY',
  text: (plate) => plateText(plate),
};
