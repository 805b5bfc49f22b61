/** The vehicle samples against the world functions, and the invariants the vehicle inquiries rely on. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  VEHICLE_SAMPLES,
  freewayTollsOf,
  trafficTollsOf,
  isPlateNumber,
  licencesOf,
  motorcycleFinesOf,
  motorcyclesOf,
  offenseById,
  offensesOf,
  personOf,
  plateRegistrationsOf,
  plateTextOf,
  platesOf,
} from '../../sandbox/world/index.js';
import { plateNumberFromText } from '../../src/validation/plates.js';
import { nationalIdArbitrary } from './worldSupport.js';

const { driver, noVehicles, unownedPlate } = VEHICLE_SAMPLES;

describe('vehicle samples', () => {
  it('the driver is who the sample says', () => {
    const person = personOf(driver.nationalId);
    expect(person).toMatchObject({
      firstName: driver.firstName,
      lastName: driver.lastName,
      mobile: driver.mobile,
      birthDate: driver.birthDate,
    });
    expect(platesOf(driver.nationalId)).toEqual([...driver.plates]);
    expect(
      plateRegistrationsOf(driver.nationalId)
        .filter((r) => r.revoked)
        .map((r) => r.plateNumber),
    ).toEqual([driver.revokedPlate]);
    expect(motorcyclesOf(driver.nationalId)).toEqual([driver.motorcycle]);
    expect(motorcycleFinesOf(driver.motorcycle).Amount).toBeGreaterThan(0);
    expect(licencesOf(driver.nationalId).map((l) => l.licenseNumber)).toEqual([...driver.licences]);
    const offenses = offensesOf(driver.plates[0]);
    expect(offenses.some((o) => o.hasImage) && offenses.some((o) => !o.hasImage)).toBe(true);
  });

  it('the person without vehicles has none, and the unowned plate is valid', () => {
    expect(personOf(noVehicles.nationalId)).toMatchObject({
      mobile: noVehicles.mobile,
      birthDate: noVehicles.birthDate,
    });
    expect(plateRegistrationsOf(noVehicles.nationalId)).toEqual([]);
    expect(motorcyclesOf(noVehicles.nationalId)).toEqual([]);
    expect(licencesOf(noVehicles.nationalId)).toEqual([]);
    expect(isPlateNumber(unownedPlate)).toBe(true);
  });
});

describe('world invariants', () => {
  it('every plate of every person is valid and its text decodes back to it', () => {
    fc.assert(
      fc.property(nationalIdArbitrary, (nid) => {
        for (const { plateNumber } of plateRegistrationsOf(nid)) {
          expect(isPlateNumber(plateNumber)).toBe(true);
          expect(plateNumberFromText(plateTextOf(plateNumber))).toBe(plateNumber);
        }
      }),
      { numRuns: 300 },
    );
  });

  const newestFirst = (times: string[]) => expect([...times].sort().reverse()).toEqual(times);
  /** `MM/DD/YYYY HH:mm:ss` → `YYYY/MM/DD HH:mm:ss`, which sorts as text. */
  const sortable = (us: string) => `${us.slice(6, 10)}/${us.slice(0, 5)}${us.slice(10)}`;

  it('every offense id names its own offense, and offenses and tolls are newest first', () => {
    fc.assert(
      fc.property(nationalIdArbitrary, (nid) => {
        for (const plate of platesOf(nid)) {
          const offenses = offensesOf(plate);
          for (const offense of offenses) expect(offenseById(offense.id)).toEqual(offense);
          newestFirst(offenses.map((o) => o.normalizedDate));
          newestFirst(freewayTollsOf(plate).map((toll) => toll.date));
          newestFirst(trafficTollsOf(plate).map((toll) => sortable(toll.date)));
        }
      }),
      { numRuns: 200 },
    );
  });
});
