import { RecordReader } from './shared/read.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import type { CoordinatesRecord, ParcelRecord, PostalAddressRecord } from './types/postal.js';

/** Postal codes: the address, coordinates and parcel behind a postal code. */
export class PostalAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  async getAddress(postalCode: string): Promise<PostalAddressRecord> {
    const answer = await this.upstream.read('ecityPostalCodeGet', { query: { postalCode } });
    const read = new RecordReader('ecityPostalCodeGet', answer);
    const r = read.object(answer.result);
    return {
      postalCode: read.text(r.PostCode) ?? postalCode,
      province: read.text(r.Province),
      township: read.text(r.TownShip),
      zone: read.text(r.Zone),
      village: read.text(r.Village),
      localityType: read.text(r.LocalityType),
      localityName: read.text(r.LocalityName),
      localityCode: read.text(r.LocalityCode),
      subLocality: read.text(r.SubLocality),
      street: read.text(r.street ?? r.Street),
      street2: read.text(r.street2 ?? r.Street2),
      houseNumber: read.text(r.HouseNumber),
      floor: read.text(r.Floor),
      sideFloor: read.text(r.SideFloor),
      // The upstream spells it BuilidingName; some answers have BuildingName.
      buildingName: read.text(r.BuilidingName ?? r.BuildingName),
      description: read.text(r.Description),
    };
  }

  async getCoordinates(postalCode: string): Promise<CoordinatesRecord | null> {
    const answer = await this.upstream.read('ecityPostalCodeCoordinatesGet', { query: { postalCode } });
    const read = new RecordReader('ecityPostalCodeCoordinatesGet', answer);
    const r = read.object(answer.result);
    const latitude = coordinate(read.text(r.lat));
    const longitude = coordinate(read.text(r.lng));
    return latitude === null || longitude === null ? null : { latitude, longitude };
  }

  async getParcel(trackingCode: string): Promise<ParcelRecord> {
    const answer = await this.upstream.read('ecityParcelTrackingGet', { query: { trackingCode } });
    const read = new RecordReader('ecityParcelTrackingGet', answer);
    const r = read.object(answer.result);
    return {
      trackingCode: read.text(r.trackingCode) ?? trackingCode,
      status: read.text(r.status),
      events: read.list(r.events, 'parcel events').map((item) => {
        const event = read.object(item, 'parcel event');
        return {
          at: read.text(event.date),
          location: read.text(event.location),
          description: read.text(event.description),
        };
      }),
    };
  }
}

function coordinate(text: string | null): number | null {
  if (text === null) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
