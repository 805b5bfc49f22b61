/** Postal operations over HTTP: postalCode (wire facts §4.3) and the designed coordinates and parcel tracking. */
import { describe, expect, it } from 'vitest';
import { CLIENT_PERSON, INVALID, personOf } from '../../sandbox/world/index.js';
import { errorOf, type Json } from './support.js';
import { shapeOf, useWorldSandbox } from './worldSupport.js';

const { call, result } = useWorldSandbox();

describe('postalCode', () => {
  it('answers the address with the upstream’s mixed-casing keys and JSON types', async () => {
    const address = await result('ecityPostalCodeGet', { query: { postalCode: CLIENT_PERSON.postalCode } });
    expect(shapeOf(address)).toEqual({
      Province: 'string',
      TownShip: 'string',
      Zone: 'string',
      Village: 'string',
      LocalityType: 'string',
      LocalityName: 'string',
      LocalityCode: 'number',
      SubLocality: 'string',
      street: 'string',
      street2: 'string',
      HouseNumber: 'number',
      Floor: 'string',
      SideFloor: 'string',
      BuilidingName: 'string',
      Description: 'string',
      PostCode: 'string',
    });
    expect(address['PostCode']).toBe(CLIENT_PERSON.postalCode);
    expect(address).toEqual(personOf(CLIENT_PERSON.nationalId).address);
  });

  it.each([
    ['no postal code', undefined, 'postalCode is required'],
    ['9 digits', '479310283', 'invalid postalCode'],
    ['a leading 0', INVALID.postalCode, 'invalid postalCode'],
    ['a 2 among the first five digits', '4293102834', 'invalid postalCode'],
  ])('refuses %s', async (_, postalCode, message) => {
    expect(errorOf(await call('ecityPostalCodeGet', { query: { postalCode } }))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message,
    });
  });
});

describe('postalCodeCoordinates (designed)', () => {
  it('answers decimal degrees as numbers, inside Iran, near the address’s city', async () => {
    const point = await result('ecityPostalCodeCoordinatesGet', { query: { postalCode: CLIENT_PERSON.postalCode } });
    expect(shapeOf(point)).toEqual({ postalCode: 'string', lat: 'number', lng: 'number' });
    expect(point['postalCode']).toBe(CLIENT_PERSON.postalCode);
    // The sample's address is in Sari (36.56 N, 53.06 E).
    expect(Math.abs((point['lat'] as number) - 36.5633)).toBeLessThan(0.06);
    expect(Math.abs((point['lng'] as number) - 53.0601)).toBeLessThan(0.06);
  });

  it('refuses an invalid postal code', async () => {
    expect(
      errorOf(await call('ecityPostalCodeCoordinatesGet', { query: { postalCode: INVALID.postalCode } })).message,
    ).toBe('invalid postalCode');
  });
});

describe('parcelTracking (designed)', () => {
  const DATE_TIME = /^14\d\d\/(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d$/;

  it.each(['12345678901234567890', '123456789012345678901234', '98765432109876543210123'])(
    'answers %s with events, newest first',
    async (trackingCode) => {
      const parcel = await result('ecityParcelTrackingGet', { query: { trackingCode } });
      expect(shapeOf(parcel)).toEqual({ trackingCode: 'string', status: 'string', events: 'array' });
      expect(parcel['trackingCode']).toBe(trackingCode);
      const events = parcel['events'] as Json[];
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        expect(shapeOf(event)).toEqual({ date: 'string', location: 'string', description: 'string' });
        expect(event['date']).toMatch(DATE_TIME);
      }
      const dates = events.map((event) => event['date'] as string);
      expect(dates).toEqual([...dates].sort().reverse());
    },
  );

  it.each([
    ['19 digits', '1234567890123456789'],
    ['25 digits', '1234567890123456789012345'],
    ['letters', 'AB345678901234567890'],
  ])('refuses a tracking code of %s', async (_, trackingCode) => {
    expect(errorOf(await call('ecityParcelTrackingGet', { query: { trackingCode } }))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'invalid trackingCode',
    });
  });
});
