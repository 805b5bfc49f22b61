import { nullIfNotFound } from '../errors.js';
import { CoordinatesAnswer, ParcelAnswer, PostalAddressAnswer } from './records/postal.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import { decode } from './shared/shapes.js';
import type { CoordinatesRecord, ParcelRecord, PostalAddressRecord } from './types/postal.js';

/** Postal codes: the address, coordinates and parcel behind a postal code. */
export class PostalAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  async getAddress(postalCode: string): Promise<PostalAddressRecord> {
    const answer = await this.upstream.read('ecityPostalCodeGet', { query: { postalCode } });
    const r = decode('ecityPostalCodeGet', answer, PostalAddressAnswer);
    return {
      postalCode: r.PostCode ?? postalCode,
      province: r.Province,
      township: r.TownShip,
      zone: r.Zone,
      village: r.Village,
      localityType: r.LocalityType,
      localityName: r.LocalityName,
      localityCode: r.LocalityCode,
      subLocality: r.SubLocality,
      street: r.street ?? r.Street,
      street2: r.street2 ?? r.Street2,
      houseNumber: r.HouseNumber,
      floor: r.Floor,
      sideFloor: r.SideFloor,
      buildingName: r.BuilidingName ?? r.BuildingName,
      description: r.Description,
    };
  }

  /** Null when the upstream has none, or has no coordinates path at all (404, as on the documented API). */
  async getCoordinates(postalCode: string): Promise<CoordinatesRecord | null> {
    const answer = await nullIfNotFound(this.upstream.read('ecityPostalCodeCoordinatesGet', { query: { postalCode } }));
    if (answer === null) return null;
    const { lat: latitude, lng: longitude } = decode('ecityPostalCodeCoordinatesGet', answer, CoordinatesAnswer);
    return latitude === null || longitude === null ? null : { latitude, longitude };
  }

  async getParcel(trackingCode: string): Promise<ParcelRecord> {
    const answer = await this.upstream.read('ecityParcelTrackingGet', { query: { trackingCode } });
    const r = decode('ecityParcelTrackingGet', answer, ParcelAnswer);
    return {
      trackingCode: r.trackingCode ?? trackingCode,
      status: r.status,
      events: r.events.map((event) => ({ at: event.date, location: event.location, description: event.description })),
    };
  }
}
