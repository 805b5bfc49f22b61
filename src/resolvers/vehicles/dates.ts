/** The Persian-calendar date fields of the vehicle records. */
import type {
  InsuredVehicleResolvers,
  PlateInstallationResolvers,
  ThirdPartyInsurancePolicyResolvers,
  VehicleDetailsResolvers,
  VehicleInsuranceSummaryResolvers,
} from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

export const VehicleDetails: VehicleDetailsResolvers = {
  plateInstalledOn: (details) => persianDate(details.plateInstalledOn),
};

export const VehicleInsuranceSummary: VehicleInsuranceSummaryResolvers = {
  startsOn: (insurance) => persianDate(insurance.startsOn),
  endsOn: (insurance) => persianDate(insurance.endsOn),
};

export const PlateInstallation: PlateInstallationResolvers = {
  installedOn: (installation) => persianDate(installation.installedOn),
  detachedOn: (installation) => persianDate(installation.detachedOn),
};

export const ThirdPartyInsurancePolicy: ThirdPartyInsurancePolicyResolvers = {
  issuedOn: (policy) => persianDate(policy.issuedOn),
  startsOn: (policy) => persianDate(policy.startsOn),
  endsOn: (policy) => persianDate(policy.endsOn),
  lastEndorsedOn: (policy) => persianDate(policy.lastEndorsedOn),
};

export const InsuredVehicle: InsuredVehicleResolvers = {
  plateInstalledOn: (vehicle) => persianDate(vehicle.plateInstalledOn),
};
