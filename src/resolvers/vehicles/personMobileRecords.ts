/** The plate and licence inquiries, asked with a person's national id and mobile together. */
import type { Context } from '../../context.js';
import type { DrivingLicenceCheckModel, PersonMobileModel, PlateRegistrationModel } from './models.js';

type DataSources = Context['dataSources'];

export async function activePlatesOf(
  holder: PersonMobileModel,
  args: { readonly includeRevoked?: boolean | null },
  dataSources: DataSources,
): Promise<PlateRegistrationModel[]> {
  const plates = await dataSources.vehicles.listActivePlates(holder.nationalId, holder.mobile);
  return plates
    .filter((plate) => args.includeRevoked !== false || plate.revoked !== true)
    .map((plate) => ({ ...plate, ownerNationalId: holder.nationalId }));
}

export async function drivingLicencesOf(
  holder: PersonMobileModel,
  dataSources: DataSources,
): Promise<DrivingLicenceCheckModel> {
  const check = await dataSources.vehicles.checkDrivingLicences(holder.nationalId, holder.mobile);
  return {
    ...check,
    licences: check.licences.map((licence) => ({
      ...licence,
      holderNationalId: holder.nationalId,
      holderMobile: holder.mobile,
    })),
  };
}
