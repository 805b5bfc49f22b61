import type {
  DrivingLicenceCheckRecord,
  DrivingLicenceRecord,
  FreewayTollRecord,
  PlateRegistrationRecord,
  TrafficOffenseRecord,
  TrafficTollRecord,
} from '../../datasources/types/vehicles.js';
import type { Page } from '../shared/pagination.js';

/** A car as a parent: the validated plate number. */
export interface VehicleModel {
  readonly plateNumber: string;
}

/** A car with its owner as a parent: the validated plate number and the owner's validated national id. */
export interface OwnedVehicleModel {
  readonly plateNumber: string;
  readonly ownerNationalId: string;
}

/** A person with one of their mobiles as a parent: the validated national id and mobile (`09…`). */
export interface PersonMobileModel {
  readonly nationalId: string;
  readonly mobile: string;
}

/** A motorcycle as a parent: the validated 8-digit plate number. */
export interface MotorcycleModel {
  readonly plateNumber: string;
}

/** A plate of a person's active-plates answer, with the person it was asked for. */
export interface PlateRegistrationModel extends PlateRegistrationRecord {
  readonly ownerNationalId: string;
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
