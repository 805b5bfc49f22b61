import { describe, expect, it } from 'vitest';
import { addressOf, coordinatesOf, INVALID, WOMAN } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { dataOf, errorCode, firstError, present } from '../helpers/responses.js';

const h = useHarness();

describe('postal', () => {
  it('gives the address and coordinates of a postal code, each from one upstream call', async () => {
    const res = await h.gql<{ postalAddress: Record<string, unknown> }>(
      `{ postalAddress(postalCode: "${WOMAN.postalCode}") { postalCode province township localityName street houseNumber coordinates { latitude longitude } } }`,
    );
    expect(res.errors).toBeUndefined();
    const address = dataOf(res).postalAddress;
    const expected = present(addressOf(WOMAN.postalCode), 'expected');
    expect(address.postalCode).toBe(WOMAN.postalCode);
    expect(address.province).toBe(expected.Province);
    const coordinates = present(coordinatesOf(WOMAN.postalCode), 'coordinates');
    expect(address.coordinates).toEqual({ latitude: coordinates.lat, longitude: coordinates.lng });
    expect(
      h
        .upstreamCalls()
        .map((call) => call.operationId)
        .sort(),
    ).toEqual(['ecityPostalCodeCoordinatesGet', 'ecityPostalCodeGet']);
  });

  it('is null with its error, not an address of nulls, when the post fails', async () => {
    h.sandbox.injectFault({ operationId: 'ecityPostalCodeGet', status: 503, times: 5 });
    const res = await h.gql(`{ postalAddress(postalCode: "${WOMAN.postalCode}") { postalCode province street } }`);
    expect(res.data).toEqual({ postalAddress: null });
    expect(errorCode(res)).toBe('UPSTREAM_UNAVAILABLE');
    expect(firstError(res).path).toEqual(['postalAddress']);
  });

  it('gives null coordinates, and no error, where the upstream has no coordinates path (404)', async () => {
    h.sandbox.injectFault({ operationId: 'ecityPostalCodeCoordinatesGet', status: 404 });
    const res = await h.gql<{ postalAddress: { province: string; coordinates: null } }>(
      `{ postalAddress(postalCode: "${WOMAN.postalCode}") { province coordinates { latitude } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).postalAddress).toEqual({
      province: present(addressOf(WOMAN.postalCode), 'expected').Province,
      coordinates: null,
    });
  });

  it('keeps another failure of the coordinates a failure of that field alone', async () => {
    h.sandbox.injectFault({ operationId: 'ecityPostalCodeCoordinatesGet', status: 503, times: 5 });
    const res = await h.gql(
      `{ postalAddress(postalCode: "${WOMAN.postalCode}") { province coordinates { latitude } } }`,
    );
    expect(firstError(res).path).toEqual(['postalAddress', 'coordinates']);
    expect(errorCode(res)).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('refuses a postal code that is not 10 digits before any upstream call', async () => {
    const res = await h.gql(`{ postalAddress(postalCode: "12345") { province } }`);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'postalCode' });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('passes the upstream refusal of a postal code outside the numbering on as an upstream error', async () => {
    const res = await h.gql(`{ postalAddress(postalCode: "${INVALID.postalCode}") { province } }`);
    expect(errorCode(res)).toBe('UPSTREAM_REJECTED');
  });

  it('tracks a parcel with its events, newest first', async () => {
    const code = '1'.padEnd(24, '0').replace(/0$/, '7');
    const res = await h.gql<{
      parcel: {
        trackingCode: string;
        status: string;
        events: Array<{ at: { jalali: string; iso: string } | null; description: string }>;
      };
    }>(`{ parcel(trackingCode: "${code}") { trackingCode status events { at { jalali iso } location description } } }`);
    expect(res.errors).toBeUndefined();
    const { parcel } = dataOf(res);
    expect(parcel.trackingCode).toBe(code);
    expect(parcel.events.length).toBeGreaterThan(0);
    const instants = parcel.events.map((event) => present(event.at, 'event.at').iso);
    expect([...instants].sort().reverse()).toEqual(instants);
  });

  it('refuses a tracking code of the wrong length before any upstream call', async () => {
    const res = await h.gql(`{ parcel(trackingCode: "123") { status } }`);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'trackingCode' });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});
