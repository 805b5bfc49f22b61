/** Postal operations: postalCode (wire facts §4.3), and the designed postalCodeCoordinates and parcelTracking. */
import { addressOf, coordinatesOf } from '../world/addresses.js';
import { parcelOf } from '../world/parcels.js';
import { answering, reject, required } from './inputs.js';

/** Designed: a postal code outside the Iranian numbering (0 or 2 among the first five digits) is invalid input. */
export const postalCodeInquiry = answering(({ query }) => {
  const address = addressOf(required(query['postalCode'], 'postalCode'));
  if (!address) reject('invalid postalCode');
  return address;
});

export const postalCodeCoordinates = answering(({ query }) => {
  const postalCode = required(query['postalCode'], 'postalCode');
  const point = coordinatesOf(postalCode);
  if (!point) reject('invalid postalCode');
  return { postalCode, lat: point.lat, lng: point.lng };
});

export const parcelTracking = answering(({ query }) => {
  const parcel = parcelOf(required(query['trackingCode'], 'trackingCode'));
  if (!parcel) reject('invalid trackingCode');
  return parcel;
});
