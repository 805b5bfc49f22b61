/** A person's vehicles and driving over HTTP: active plates with their owned vehicles, licences, driver risk. */
import { describe, expect, it } from 'vitest';
import { VEHICLE_SAMPLES, driverRiskOf, licencesOf, negativeScore, offensesOf } from '../fixtures/sandbox.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, firstError, partialDataOf, present } from '../helpers/responses.js';

const h = useHarness();

const { driver, noVehicles } = VEHICLE_SAMPLES;
type Data = { person: Record<string, unknown> | null };
const person = (nationalId: string, fields: string) =>
  h.gql<Data>(`{ person(nationalId: "${nationalId}") { ${fields} } }`);

interface Registration {
  plateText: string;
  revoked: boolean;
  revokedAt: string | null;
  vehicle: { plateNumber: string } | null;
  ownedVehicle: {
    plateNumber: string;
    owner: { nationalId: string };
    offenses?: { totalCount: number } | null;
    details?: { vin: string } | null;
  } | null;
}

describe('Person.activePlates', () => {
  it('gives each active plate’s vehicle owned by the person, whose owner-only fields need only their own arguments', async () => {
    const res = await person(
      driver.nationalId,
      `activePlates(mobile: "${driver.mobile}") {
      plateText revoked revokedAt
      vehicle { plateNumber }
      ownedVehicle { plateNumber owner { nationalId } offenses(ownerMobile: "${driver.mobile}") { totalCount } }
    }`,
    );
    expect(res.errors).toBeUndefined();
    const plates = present(dataOf(res).person, 'person')['activePlates'] as Registration[];
    expect(plates.map((p) => [p.vehicle?.plateNumber, p.revoked])).toEqual([
      [driver.plates[0], false],
      [driver.plates[1], false],
      [driver.revokedPlate, true],
    ]);
    for (const active of plates.slice(0, 2)) {
      const vehicle = present(active.ownedVehicle, 'the owned vehicle of an active plate');
      expect(vehicle.plateNumber).toBe(active.vehicle?.plateNumber);
      expect(vehicle.owner).toEqual({ nationalId: driver.nationalId });
      expect(vehicle.offenses).toEqual({ totalCount: offensesOf(vehicle.plateNumber).length });
      expect(active.revokedAt).toBeNull();
    }
    // The revoked plate is no longer the person's.
    expect(at(plates, 2).ownedVehicle).toBeNull();
    expect(at(plates, 2).revokedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(callCounts(h)).toEqual({ vehicleActivePlateNumbersGet: 1, billingDrivingOffenseGet: 2 });
    const offenseCalls = h.upstreamCalls('billingDrivingOffenseGet').map((call) => call.query);
    for (const query of offenseCalls)
      expect(query).toMatchObject({ nationalID: driver.nationalId, mobile: driver.mobile, version: '2' });
  });

  it('answers an owned vehicle the same through the person and through `Vehicle.ownedBy`', async () => {
    const fields = 'plateNumber ownerNationalId details { vin modelYear }';
    const viaPerson = await person(
      driver.nationalId,
      `activePlates(mobile: "${driver.mobile}", includeRevoked: false) { ownedVehicle { ${fields} } }`,
    );
    const [plate] = driver.plates;
    const viaVehicle = await h.gql<{ vehicle: { ownedBy: unknown } }>(
      `{ vehicle(plateNumber: "${plate}") { ownedBy(ownerNationalId: "${driver.nationalId}") { ${fields} } } }`,
    );
    expect(viaPerson.errors).toBeUndefined();
    expect(viaVehicle.errors).toBeUndefined();
    const first = at(present(dataOf(viaPerson).person, 'person')['activePlates'] as Registration[], 0);
    expect(first.ownedVehicle).toEqual(dataOf(viaVehicle).vehicle.ownedBy);
  });

  it('leaves the revoked plates out when asked, so every plate listed has its owned vehicle', async () => {
    const res = await person(
      driver.nationalId,
      `activePlates(mobile: "${driver.mobile}", includeRevoked: false) { revoked ownedVehicle { plateNumber details { vin } } }`,
    );
    expect(res.errors).toBeUndefined();
    const plates = present(dataOf(res).person, 'person')['activePlates'] as Registration[];
    expect(plates.map((p) => [present(p.ownedVehicle, 'p.ownedVehicle').plateNumber, p.revoked])).toEqual(
      driver.plates.map((plate) => [plate, false]),
    );
    expect(callCounts(h)).toEqual({ vehicleActivePlateNumbersGet: 1, vehicleVehicleInfoInquiryGet: 2 });
    expect(
      h
        .upstreamCalls('vehicleVehicleInfoInquiryGet')
        .map((call) => call.query['plateNumber'])
        .sort(),
    ).toEqual([...driver.plates].sort());
  });

  it('answers a person without plates with an empty list', async () => {
    const res = await person(noVehicles.nationalId, `activePlates(mobile: "${noVehicles.mobile}") { plateText }`);
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).person).toEqual({ activePlates: [] });
  });

  it('needs the mobile, and refuses one that is not the person’s upstream', async () => {
    const missing = await person(driver.nationalId, 'activePlates { plateText }');
    expect(firstError(missing)).toMatchObject({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    const malformed = await person(driver.nationalId, 'activePlates(mobile: "0904042425") { plateText }');
    expect(firstError(malformed)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argumentPath: 'mobile' } });
    expect(h.upstreamCalls()).toEqual([]);
    const notTheirs = await person(driver.nationalId, `activePlates(mobile: "${noVehicles.mobile}") { plateText }`);
    expect(partialDataOf(notTheirs).person).toEqual({ activePlates: null });
    expect(firstError(notTheirs)).toMatchObject({
      path: ['person', 'activePlates'],
      extensions: { code: 'UPSTREAM_REJECTED' },
    });
  });
});

describe('PersonMobile', () => {
  it('answers the same through `Person.withMobile` and `_entities`, one upstream call per distinct key', async () => {
    const fields = 'nationalId mobile person { nationalId } activePlates(includeRevoked: false) { plateText }';
    const viaPerson = await person(driver.nationalId, `withMobile(mobile: "${driver.mobile}") { ${fields} }`);
    expect(viaPerson.errors).toBeUndefined();
    h.sandbox.clearCalls();
    const key = { __typename: 'PersonMobile', nationalId: driver.nationalId, mobile: driver.mobile };
    const viaEntities = await h.gql<{ _entities: unknown[] }>(
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on PersonMobile { ${fields} } } }`,
      { r: [key, key, { ...key, mobile: '+98' + driver.mobile.slice(1) }] },
    );
    expect(viaEntities.errors).toBeUndefined();
    const expected = present(dataOf(viaPerson).person, 'person')['withMobile'];
    expect(dataOf(viaEntities)._entities).toEqual([expected, expected, expected]);
    expect(callCounts(h)).toEqual({ vehicleActivePlateNumbersGet: 1 });
  });

  it('refuses a malformed mobile before any upstream call', async () => {
    const res = await person(driver.nationalId, 'withMobile(mobile: "0912") { activePlates { plateText } }');
    expect(firstError(res)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argumentPath: 'mobile' } });
    expect(h.upstreamCalls()).toEqual([]);
  });
});

describe('Person.drivingLicences', () => {
  it('lists the licences with their negative points, asked with the holder and the same mobile', async () => {
    const res = await person(
      driver.nationalId,
      `drivingLicences(mobile: "${driver.mobile}") {
      statusCode licences { number type status issuedAt firstName nationalId negativeScore { licenceNumber points offenseCount rule } }
    }`,
    );
    expect(res.errors).toBeUndefined();
    const check = present(dataOf(res).person, 'person')['drivingLicences'] as {
      statusCode: string;
      licences: Array<Record<string, unknown>>;
    };
    expect(check.statusCode).toBe('G00000');
    const world = licencesOf(driver.nationalId);
    expect(check.licences).toEqual(
      world.map((licence) => {
        const points = negativeScore(licence.licenseNumber);
        return {
          number: licence.licenseNumber,
          type: licence.licenseType,
          status: licence.licenseStatus,
          issuedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          firstName: driver.firstName,
          nationalId: driver.nationalId,
          negativeScore: {
            licenceNumber: licence.licenseNumber,
            points: Number(points.NegativeScore),
            offenseCount: points.OffenseCount,
            rule: points.Rule === '-' ? null : points.Rule,
          },
        };
      }),
    );
    expect(callCounts(h)).toEqual({ kycLicenseCheckInquiryPost: 1, billingNegativeScoreGet: world.length });
    for (const call of h.upstreamCalls('billingNegativeScoreGet'))
      expect(call.query).toMatchObject({ nationalID: driver.nationalId, mobile: driver.mobile });
    expect(at(h.upstreamCalls('kycLicenseCheckInquiryPost'), 0).query['trackId']).toEqual(expect.any(String));
  });

  it("links each licence to its holder, the holder's fields one call for all licences", async () => {
    const world = licencesOf(driver.nationalId);
    expect(world.length).toBeGreaterThan(1);
    const res = await person(
      driver.nationalId,
      `drivingLicences(mobile: "${driver.mobile}") { licences { number holder { nationalId militaryService { allowed } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const { licences } = present(dataOf(res).person, 'person')['drivingLicences'] as {
      licences: Array<{ holder: { nationalId: string; militaryService: unknown } }>;
    };
    expect(licences.map((licence) => licence.holder.nationalId)).toEqual(world.map(() => driver.nationalId));
    expect(callCounts(h)).toEqual({ kycLicenseCheckInquiryPost: 1, kycMilitaryInquiryGet: 1 });
  });

  it('answers a person without a licence with an empty list', async () => {
    const res = await person(
      noVehicles.nationalId,
      `drivingLicences(mobile: "${noVehicles.mobile}") { licences { number } }`,
    );
    expect(dataOf(res).person).toEqual({ drivingLicences: { licences: [] } });
  });
});

describe('Person.driverRisk', () => {
  it('scores a licensed driver, and is null for someone without a licence', async () => {
    const scored = await person(driver.nationalId, `driverRisk(birthDate: "${driver.birthDate}") { score }`);
    expect(dataOf(scored).person).toEqual({ driverRisk: { score: driverRiskOf(driver.nationalId) } });
    const none = await person(noVehicles.nationalId, `driverRisk(birthDate: "${noVehicles.birthDate}") { score }`);
    expect(none.errors).toBeUndefined();
    expect(dataOf(none).person).toEqual({ driverRisk: null });
  });

  it('sends personType and agentCode only when given', async () => {
    const given = await person(
      driver.nationalId,
      `driverRisk(birthDate: "${driver.birthDate}", personType: 2, agentCode: "AG۱۲۳") { score }`,
    );
    expect(given.errors).toBeUndefined();
    expect(dataOf(given).person).toEqual({ driverRisk: { score: driverRiskOf(driver.nationalId) } });
    expect(at(h.upstreamCalls('kycDriversRiskInquiryGet'), 0).query).toMatchObject({
      personType: '2',
      agentCode: 'AG123',
    });
    h.sandbox.clearCalls();
    await person(driver.nationalId, `driverRisk(birthDate: "${driver.birthDate}") { score }`);
    const plain = at(h.upstreamCalls('kycDriversRiskInquiryGet'), 0).query;
    expect(plain).not.toHaveProperty('personType');
    expect(plain).not.toHaveProperty('agentCode');
  });

  it.each([
    ['personType: 3', 'personType'],
    ['personType: 0', 'personType'],
    ['agentCode: ""', 'agentCode'],
    ['agentCode: "AG-12"', 'agentCode'],
    [`agentCode: "${'1'.repeat(21)}"`, 'agentCode'],
  ])('refuses %s before any call', async (argument, argumentPath) => {
    const res = await person(driver.nationalId, `driverRisk(birthDate: "${driver.birthDate}", ${argument}) { score }`);
    expect(firstError(res)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argumentPath } });
    expect(h.upstreamCalls()).toEqual([]);
  });

  it('refuses a birth date that is no Persian-calendar day before any call, and one that is not theirs upstream', async () => {
    const invalid = await person(driver.nationalId, 'driverRisk(birthDate: "1378/13/07") { score }');
    expect(firstError(invalid)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argumentPath: 'birthDate' } });
    expect(h.upstreamCalls()).toEqual([]);
    const wrong = await person(driver.nationalId, 'driverRisk(birthDate: "1360/01/01") { score }');
    expect(firstError(wrong)).toMatchObject({
      path: ['person', 'driverRisk'],
      extensions: { code: 'UPSTREAM_REJECTED' },
    });
  });
});
