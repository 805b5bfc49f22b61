/** The postal group's answers (`/ecity`), as the upstream writes them. */
import { decimal, list, record, text } from '../shared/shapes.js';

/** `ecityPostalCodeGet`. Street names come capitalised or not; `BuilidingName` is the upstream's spelling. */
export const PostalAddressAnswer = record({
  PostCode: text,
  Province: text,
  TownShip: text,
  Zone: text,
  Village: text,
  LocalityType: text,
  LocalityName: text,
  LocalityCode: text,
  SubLocality: text,
  street: text,
  Street: text,
  street2: text,
  Street2: text,
  HouseNumber: text,
  Floor: text,
  SideFloor: text,
  BuilidingName: text,
  BuildingName: text,
  Description: text,
});

/** `ecityPostalCodeCoordinatesGet`. */
export const CoordinatesAnswer = record({ lat: decimal, lng: decimal });

/** `ecityParcelTrackingGet`. */
export const ParcelAnswer = record({
  trackingCode: text,
  status: text,
  events: list(record({ date: text, location: text, description: text })),
});
