import { BadUserInputError } from '../../errors.js';
import { parseMobile, parseNationalId } from '../../validation/identifiers.js';
import type { VehicleModel } from './models.js';

/** The owner's national id: the argument when given, else the owner known from the active-plates record. */
export function ownerNationalIdOf(
  vehicle: VehicleModel,
  argument: string | null | undefined,
  path = 'ownerNationalId',
): string {
  if (argument !== null && argument !== undefined) return parseNationalId(argument, path);
  if (vehicle.ownerNationalId) return vehicle.ownerNationalId;
  throw new BadUserInputError(path, "the vehicle's owner is not known here; pass the owner's 10-digit national id");
}

/** The owner's mobile: the argument when given, else the mobile the owner's plates were asked with. */
export function ownerMobileOf(
  vehicle: VehicleModel,
  argument: string | null | undefined,
  path = 'ownerMobile',
): string {
  if (argument !== null && argument !== undefined) return parseMobile(argument, path);
  if (vehicle.ownerMobile) return vehicle.ownerMobile;
  throw new BadUserInputError(
    path,
    "the vehicle owner's mobile is not known here; pass the owner's mobile number (09…)",
  );
}

/** Both, each checked before any upstream call. */
export const ownerOf = (
  vehicle: VehicleModel,
  args: { ownerNationalId?: string | null; ownerMobile?: string | null },
) => ({
  nationalId: ownerNationalIdOf(vehicle, args.ownerNationalId),
  mobile: ownerMobileOf(vehicle, args.ownerMobile),
});
