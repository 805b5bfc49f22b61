/** The postal code inquiry's address, with the upstream's mixed-case keys read into one shape. */
export interface PostalAddressRecord {
  readonly postalCode: string;
  readonly province: string | null;
  readonly township: string | null;
  readonly zone: string | null;
  readonly village: string | null;
  readonly localityType: string | null;
  readonly localityName: string | null;
  readonly localityCode: string | null;
  readonly subLocality: string | null;
  readonly street: string | null;
  readonly street2: string | null;
  readonly houseNumber: string | null;
  readonly floor: string | null;
  readonly sideFloor: string | null;
  readonly buildingName: string | null;
  readonly description: string | null;
}

export interface CoordinatesRecord {
  readonly latitude: number;
  readonly longitude: number;
}

export interface ParcelEventRecord {
  /** Persian-calendar `YYYY/MM/DD HH:mm`. */
  readonly at: string | null;
  readonly location: string | null;
  readonly description: string | null;
}

export interface ParcelRecord {
  readonly trackingCode: string;
  readonly status: string | null;
  readonly events: readonly ParcelEventRecord[];
}
