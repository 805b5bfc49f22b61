import type { Resolvers } from '../../__generated__/resolvers-types.js';
/** Resolvers of the vehicles domain. */
import { DrivingLicence } from './DrivingLicence.js';
import { Motorcycle } from './Motorcycle.js';
import { OwnedVehicle } from './OwnedVehicle.js';
import { Person } from './Person.js';
import { PersonMobile } from './PersonMobile.js';
import { VehiclePlate } from './VehiclePlate.js';
import { PlateRegistration } from './PlateRegistration.js';
import { Query } from './Query.js';
import { TrafficOffense } from './TrafficOffense.js';
import { Vehicle } from './Vehicle.js';
import {
  InsuredVehicle,
  PlateInstallation,
  ThirdPartyInsurancePolicy,
  VehicleDetails,
  VehicleInsuranceSummary,
} from './dates.js';

export const vehicles = {
  Query,
  Vehicle,
  OwnedVehicle,
  VehiclePlate,
  Motorcycle,
  TrafficOffense,
  VehicleDetails,
  VehicleInsuranceSummary,
  PlateInstallation,
  ThirdPartyInsurancePolicy,
  InsuredVehicle,
  PlateRegistration,
  DrivingLicence,
  Person,
  PersonMobile,
} satisfies Resolvers;
