/**
 * Input checks of the vehicle and traffic operations. The upstream answers most of them only for a
 * plate's owner, with the owner's own mobile: anyone else is refused with a 400, as a validation error
 * would be (the designed answer recorded in the catalog notes).
 */
import { isMotorcyclePlateNumber, isPlateNumber, ownsMotorcycle, ownsPlate } from '../world/plates.js';
import type { Citizen } from '../world/persons.js';
import { mobileParam, personParam, reject, required } from './inputs.js';

export const NOT_THE_OWNER = 'the national id is not the owner of this plate';
export const NOT_THEIR_MOBILE = 'the mobile number does not belong to this national id';

export function plateParam(value: string | undefined, name = 'plateNumber'): string {
  const plate = required(value, name);
  if (!isPlateNumber(plate)) reject(`invalid ${name}`);
  return plate;
}

export function motorcyclePlateParam(value: string | undefined): string {
  const plate = required(value, 'plateNumber');
  if (!isMotorcyclePlateNumber(plate)) reject('invalid plateNumber');
  return plate;
}

/** The person of `nationalIdName`, whose mobile must be the `mobile` given. */
export function personWithMobile(
  query: Readonly<Record<string, string>>,
  nationalIdName: string,
  mobileName = 'mobile',
): Citizen {
  const person = personParam(query[nationalIdName], nationalIdName);
  const mobile = mobileParam(query[mobileName]);
  if (mobile !== person.mobile) reject(NOT_THEIR_MOBILE);
  return person;
}

/** The plate of the query, which must be registered to the person of `nationalIdName`. */
export function ownedPlate(query: Readonly<Record<string, string>>, nationalIdName: string): string {
  const plate = plateParam(query['plateNumber']);
  const owner = personParam(query[nationalIdName], nationalIdName);
  if (!ownsPlate(owner.nationalId, plate)) reject(NOT_THE_OWNER);
  return plate;
}

/** As `ownedPlate`, with the owner's mobile checked too. */
export function ownedPlateWithMobile(query: Readonly<Record<string, string>>, nationalIdName: string): string {
  const plate = plateParam(query['plateNumber']);
  const owner = personWithMobile(query, nationalIdName);
  if (!ownsPlate(owner.nationalId, plate)) reject(NOT_THE_OWNER);
  return plate;
}

export function ownedMotorcycle(query: Readonly<Record<string, string>>): string {
  const plate = motorcyclePlateParam(query['plateNumber']);
  const owner = personWithMobile(query, 'nationalID');
  if (!ownsMotorcycle(owner.nationalId, plate)) reject(NOT_THE_OWNER);
  return plate;
}
