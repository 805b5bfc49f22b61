import type {
  DrivingLicenceCheckRecord,
  DrivingLicenceRecord,
  FreewayTollRecord,
  PlateRegistrationRecord,
  TrafficOffenseRecord,
  TrafficTollRecord,
} from '../../datasources/types/vehicles.js';
import type { Page } from '../shared/pagination.js';

/** A car as a parent: the validated plate number and, when reached through the owner's plates, the owner. */
export interface VehicleModel {
  readonly plateNumber: string;
  readonly ownerNationalId?: string;
  /** The mobile the owner's plates were asked with. */
  readonly ownerMobile?: string;
}

/** A motorcycle as a parent: the validated 8-digit plate number. */
export interface MotorcycleModel {
  readonly plateNumber: string;
}

/** A plate of a person's active-plates answer, with the person and mobile it was asked for. */
export interface PlateRegistrationModel extends PlateRegistrationRecord {
  readonly ownerNationalId: string;
  readonly ownerMobile: string;
}

/** A driving licence, with the holder and mobile the licences were asked for. */
export interface DrivingLicenceModel extends DrivingLicenceRecord {
  readonly holderNationalId: string;
  readonly holderMobile: string;
}

export interface DrivingLicenceCheckModel extends Omit<DrivingLicenceCheckRecord, 'licences'> {
  readonly licences: readonly DrivingLicenceModel[];
}

export type TrafficOffensePage = Page<TrafficOffenseRecord> & { readonly totalAmount: string | null };
export type TrafficTollPage = Page<TrafficTollRecord>;
export type FreewayTollPage = Page<FreewayTollRecord> & { readonly totalAmount: string | null };
