import { WOMAN } from '../fixtures/sandbox.js';
import { dataOf } from '../helpers/responses.js';
import type { DocumentedOperation } from './support.js';

/** A postal code whose address is an apartment, so every documented field carries a value. */
const POSTAL_CODE = WOMAN.postalCode;
const PARCEL = '1'.padEnd(23, '0') + '7';

export const postalOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'ecityPostalCodeGet',
    run: async (h) =>
      dataOf(
        await h.gql(`{ postalAddress(postalCode: "${POSTAL_CODE}") {
          postalCode province township zone village localityType localityName localityCode subLocality
          street street2 houseNumber floor sideFloor buildingName description } }`),
      ),
    inputs: ['postalCode'],
    fields: {
      Province: 'postalAddress.province',
      TownShip: 'postalAddress.township',
      Zone: 'postalAddress.zone',
      Village: 'postalAddress.village',
      LocalityType: 'postalAddress.localityType',
      LocalityName: 'postalAddress.localityName',
      LocalityCode: 'postalAddress.localityCode',
      SubLocality: 'postalAddress.subLocality',
      street: 'postalAddress.street',
      street2: 'postalAddress.street2',
      HouseNumber: 'postalAddress.houseNumber',
      Floor: 'postalAddress.floor',
      SideFloor: 'postalAddress.sideFloor',
      BuilidingName: 'postalAddress.buildingName',
      Description: 'postalAddress.description',
      PostCode: 'postalAddress.postalCode',
    },
  },
  {
    operationId: 'ecityPostalCodeCoordinatesGet',
    run: async (h) =>
      dataOf(await h.gql(`{ postalAddress(postalCode: "${POSTAL_CODE}") { coordinates { latitude longitude } } }`)),
    inputs: ['postalCode'],
    fields: {
      postalCode: {
        notInGraph: 'the postal code asked, returned as sent: the coordinates are read under the `postalCode` argument',
      },
      lat: 'postalAddress.coordinates.latitude',
      lng: 'postalAddress.coordinates.longitude',
    },
  },
  {
    operationId: 'ecityParcelTrackingGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          `{ parcel(trackingCode: "${PARCEL}") { trackingCode status events { at { jalali } location description } } }`,
        ),
      ),
    inputs: ['trackingCode'],
    fields: {
      trackingCode: 'parcel.trackingCode',
      status: 'parcel.status',
      'events[].date': 'parcel.events.at.jalali',
      'events[].location': 'parcel.events.location',
      'events[].description': 'parcel.events.description',
    },
  },
];
