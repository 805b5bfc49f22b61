/** The vehicle and traffic operations of the sandbox over HTTP: wire shapes, owner checks, refusals, consistency. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, type OperationId } from '../../src/datasources/upstream/operations.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import {
  VEHICLE_SAMPLES,
  freewayTollsOf,
  licencesOf,
  offensesOf,
  personOf,
  plateTextOf,
  trafficTollsOf,
  vehicleOf,
} from '../../sandbox/world/index.js';
import { plateNumberFromText } from '../../src/validation/plates.js';
import { errorOf, issueToken, resultOf, type Json } from './support.js';
import { callWorld, type WorldCall } from './worldSupport.js';
import { at, present } from '../helpers/responses.js';

const OPERATIONS = [
  'vehicleActivePlateNumbersGet',
  'vehicleMatchingVehicleOwnershipGet',
  'vehicleVehicleInfoInquiryGet',
  'vehiclePlateNumberHistoryGet',
  'vehicleTrafficTollInquiryGet',
  'ecityFreewayTollInquiryGet',
  'kycThirdPartyInsuranceInquiryGet',
  'billingDrivingOffenseGet',
  'billingTrafficOffenseImageGet',
  'billingRidingOffenseGet',
  'kycLicenseCheckInquiryPost',
  'kycDriversRiskInquiryGet',
] as const satisfies readonly OperationId[];

let sandbox: Sandbox;
let token = '';
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  token = (
    await issueToken(
      sandbox,
      OPERATIONS.map((id) => operation(id).scope),
    )
  ).value;
});
afterAll(() => sandbox.close());

const call = (id: OperationId, request: WorldCall = {}) => callWorld(sandbox, token, id, request);
const result = async (id: OperationId, request: WorldCall = {}) => resultOf(await call(id, request));
const { driver, noVehicles, unownedPlate } = VEHICLE_SAMPLES;
const [plate, secondPlate] = driver.plates;
const stranger = noVehicles.nationalId;

describe('activePlateNumbers', () => {
  it('lists the person’s plates as text that decodes to the world’s plate numbers, the revoked one marked', async () => {
    const answer = await result('vehicleActivePlateNumbersGet', {
      query: { nationalId: driver.nationalId, mobile: driver.mobile },
    });
    const plates = answer['plateNumbers'] as Json[];
    expect(plates.map((p) => plateNumberFromText(p['plateNumber'] as string))).toEqual([
      ...driver.plates,
      driver.revokedPlate,
    ]);
    expect(plates.map((p) => p['revoked'])).toEqual([false, false, true]);
    const revoked = at(plates, 2);
    expect(revoked['revokedDateTime']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(revoked['revokedDescription']).toEqual(expect.any(String));
    for (const p of plates) expect([driver.nationalId, '-']).toContain(p['nationalId']);
  });

  it('gives an empty list for a person without plates', async () => {
    const answer = await result('vehicleActivePlateNumbersGet', {
      query: { nationalId: stranger, mobile: noVehicles.mobile },
    });
    expect(answer).toEqual({ plateNumbers: [] });
  });

  it('refuses a mobile that is not the person’s', async () => {
    const response = await call('vehicleActivePlateNumbersGet', {
      query: { nationalId: driver.nationalId, mobile: noVehicles.mobile },
    });
    expect(errorOf(response)).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'the mobile number does not belong to this national id',
    });
  });
});

describe('the vehicle records of a plate', () => {
  const owner = { nationalId: driver.nationalId, plateNumber: plate };

  it('matches ownership only for the owner, with the registry’s vehicle for the owner', async () => {
    const vehicle = vehicleOf(plate);
    expect(await result('vehicleMatchingVehicleOwnershipGet', { query: owner })).toEqual({
      isValid: true,
      vehicleType: 'سواری',
      vehicleTip: `${vehicle.make.system} ${vehicle.tip}`,
      vehicleModel: String(vehicle.modelYear),
    });
    expect(
      await result('vehicleMatchingVehicleOwnershipGet', { query: { nationalId: stranger, plateNumber: plate } }),
    ).toMatchObject({ isValid: false });
    const revoked = { nationalId: driver.nationalId, plateNumber: driver.revokedPlate };
    expect(await result('vehicleMatchingVehicleOwnershipGet', { query: revoked })).toMatchObject({ isValid: false });
  });

  it('answers vehicle information with strings but the insurer code, agreeing with the insurance policy', async () => {
    const info = await result('vehicleVehicleInfoInquiryGet', { query: owner });
    const policy = await result('kycThirdPartyInsuranceInquiryGet', {
      query: { nationalCode: driver.nationalId, plateNumber: plate },
    });
    for (const [key, value] of Object.entries(info)) {
      expect(typeof value, key).toBe(key === 'insuranceCompanyCode' ? 'number' : 'string');
    }
    expect(policy).toMatchObject({
      companyName: info['insuranceCompanyTitle'],
      companyCode: String(info['insuranceCompanyCode']),
      startDate: info['beginDate'],
      endDate: info['endDate'],
      vinNumberField: info['vin'],
      disFnYrNum: info['discountFinancialYearNumber'],
      plk1: Number(plate.slice(0, 2)),
      plk3: Number(plate.slice(4, 7)),
      plkSrl: Number(plate.slice(7)),
    });
    expect(typeof policy['financialCvrCptl']).toBe('number');
    expect(JSON.parse(policy['edrsJson'] as string)).toEqual(expect.any(Array));
  });

  it('gives the plate history ending with the current car, the previous one detached the day it was installed', async () => {
    const history = await result('vehiclePlateNumberHistoryGet', { query: owner });
    const entries = history['plateHistory'] as Json[];
    const vehicle = vehicleOf(plate);
    expect(entries[0]).toMatchObject({
      vehicleSystem: vehicle.make.system,
      detachDate: '',
      vehicleModel: String(vehicle.modelYear),
    });
    expect(entries).toHaveLength(2);
    expect(at(entries, 1)['detachDate']).toBe(at(entries, 0)['installDate']);
  });

  it.each([
    ['vehicleVehicleInfoInquiryGet', 'nationalId'],
    ['vehiclePlateNumberHistoryGet', 'nationalId'],
    ['kycThirdPartyInsuranceInquiryGet', 'nationalCode'],
  ] as const)('%s refuses someone who is not the owner, and an invalid plate', async (id, nidName) => {
    const notOwner = await call(id, { query: { [nidName]: stranger, plateNumber: plate } });
    expect(errorOf(notOwner)).toMatchObject({ status: 400, message: 'the national id is not the owner of this plate' });
    const badPlate = await call(id, { query: { [nidName]: driver.nationalId, plateNumber: '550011188' } });
    expect(errorOf(badPlate)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'invalid plateNumber' });
    const unowned = await call(id, { query: { [nidName]: driver.nationalId, plateNumber: unownedPlate } });
    expect(errorOf(unowned).status).toBe(400);
  });
});

describe('tolls and offenses', () => {
  const ownerQuery = (plateNumber: string) => ({ plateNumber, nationalId: driver.nationalId, mobile: driver.mobile });

  it('answers traffic-zone charges for the owner with the owner’s mobile, totals adding up', async () => {
    const answer = await result('vehicleTrafficTollInquiryGet', { query: ownerQuery(plate) });
    expect(answer['plateNumber']).toBe(plateTextOf(plate));
    const bills = answer['bills'] as Json[];
    expect(bills).toHaveLength(trafficTollsOf(plate).length);
    for (const bill of bills) expect(bill['totalAmount']).toBe((bill['amount'] as number) + (bill['fee'] as number));
    const wrongMobile = await call('vehicleTrafficTollInquiryGet', {
      query: { ...ownerQuery(plate), mobile: noVehicles.mobile },
    });
    expect(errorOf(wrongMobile).status).toBe(400);
  });

  it('answers highway tolls to anyone, with their total', async () => {
    const answer = await result('ecityFreewayTollInquiryGet', { query: { plateNumber: plate } });
    const bills = answer['bills'] as Json[];
    expect(bills).toHaveLength(freewayTollsOf(plate).length);
    expect(answer['totalAmount']).toBe(bills.reduce((sum, bill) => sum + (bill['price'] as number), 0));
    expect(errorOf(await call('ecityFreewayTollInquiryGet', { query: { plateNumber: '12' } }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
  });

  it('answers car offenses with capitalised Bills and TotalAmount, and images for the camera ones only', async () => {
    const answer = await result('billingDrivingOffenseGet', {
      query: { version: '2', nationalID: driver.nationalId, mobile: driver.mobile, plateNumber: plate },
    });
    const bills = answer['Bills'] as Json[];
    expect(bills.map((bill) => bill['id'])).toEqual(offensesOf(plate).map((offense) => offense.id));
    expect(answer['TotalAmount']).toBe(bills.reduce((sum, bill) => sum + (bill['price'] as number), 0));
    const withImage = present(
      bills.find((bill) => bill['hasImage'] === true),
      'withImage',
    );
    const withoutImage = present(
      bills.find((bill) => bill['hasImage'] === false),
      'withoutImage',
    );
    const image = await result('billingTrafficOffenseImageGet', { query: { offenseId: withImage['id'] as string } });
    expect(image).toEqual({
      OffenseId: withImage['id'],
      PlateImageUrl: expect.stringMatching(/^https:\/\//),
      VehicleImageUrl: expect.stringMatching(/^https:\/\//),
    });
    expect(
      errorOf(await call('billingTrafficOffenseImageGet', { query: { offenseId: withoutImage['id'] as string } }))
        .status,
    ).toBe(404);
  });

  it('answers a motorcycle’s fines to its owner only', async () => {
    const query = { plateNumber: driver.motorcycle, nationalID: driver.nationalId, mobile: driver.mobile };
    const fines = await result('billingRidingOffenseGet', { query });
    expect(fines).toMatchObject({ PlateNumber: driver.motorcycle, Amount: expect.any(Number) });
    expect(fines['Amount']).toBeGreaterThan(0);
    const stranger = await call('billingRidingOffenseGet', {
      query: { ...query, nationalID: noVehicles.nationalId, mobile: noVehicles.mobile },
    });
    expect(errorOf(stranger).status).toBe(400);
    expect(
      errorOf(await call('billingRidingOffenseGet', { query: { ...query, plateNumber: secondPlate } })).message,
    ).toBe('invalid plateNumber');
  });
});

describe('driving licences and driver risk', () => {
  it('lists the person’s licences with their name, and needs the trackId and the person’s own mobile', async () => {
    const body = { nationalID: driver.nationalId, mobile: driver.mobile };
    const answer = await result('kycLicenseCheckInquiryPost', { query: { trackId: 'licence-1' }, body });
    const licences = answer['licenses'] as Json[];
    expect(licences.map((licence) => licence['licenseNumber'])).toEqual([...driver.licences]);
    expect(licences[0]).toMatchObject({
      firstname: driver.firstName,
      lastname: driver.lastName,
      nationalCode: driver.nationalId,
    });
    expect(answer['licenseStatus']).toEqual({ code: 'G00000', description: expect.any(String) });
    expect(errorOf(await call('kycLicenseCheckInquiryPost', { body })).message).toBe('trackId is required');
    const wrongMobile = await call('kycLicenseCheckInquiryPost', {
      query: { trackId: 'licence-2' },
      body: { ...body, mobile: noVehicles.mobile },
    });
    expect(errorOf(wrongMobile).status).toBe(400);
    const none = await result('kycLicenseCheckInquiryPost', {
      query: { trackId: 'licence-3' },
      body: { nationalID: stranger, mobile: noVehicles.mobile },
    });
    expect(none['licenses']).toEqual([]);
    expect(licencesOf(stranger)).toEqual([]);
  });

  it('scores a licensed driver whose birth date matches, and answers "no data" for one without a licence', async () => {
    const answer = await result('kycDriversRiskInquiryGet', {
      query: { nationalCode: driver.nationalId, birthDate: driver.birthDate },
    });
    expect(answer['score']).toEqual(expect.any(Number));
    const mismatch = await call('kycDriversRiskInquiryGet', {
      query: { nationalCode: driver.nationalId, birthDate: '1350/01/01' },
    });
    expect(errorOf(mismatch)).toMatchObject({ status: 400, message: 'birthDate does not match' });
    const none = await result('kycDriversRiskInquiryGet', {
      query: { nationalCode: stranger, birthDate: personOf(stranger).birthDate },
    });
    expect(none).toMatchObject({ result: 110 });
  });
});
