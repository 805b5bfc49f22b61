/**
 * Ready drivers and plates of the fictional world for tests and demos; test/sandbox/vehicle-world.test.ts
 * checks them against the world functions.
 */
export const VEHICLE_SAMPLES = {
  /**
   * A man with two active plates and a revoked one, a motorcycle with unpaid fines and two licences.
   * His first plate has offenses with and without camera images, traffic-zone charges, highway tolls,
   * and was on another car before.
   */
  driver: {
    nationalId: '0012148962',
    firstName: 'هادی',
    lastName: 'نوری',
    mobile: '09040424258',
    birthDate: '1378/05/07',
    plates: ['122836714', '172842921'],
    revokedPlate: '871779583',
    motorcycle: '71458797',
    licences: ['9118497081', '7746571335'],
  },
  /** A woman with no plates, no motorcycle and no driving licence. */
  noVehicles: { nationalId: '0012100552', mobile: '09183393854', birthDate: '1345/04/29' },
  /** A valid plate nobody in the world owns: `55 ق 111 ایران 88`, the upstream's documented example. */
  unownedPlate: '552411188',
} as const;
