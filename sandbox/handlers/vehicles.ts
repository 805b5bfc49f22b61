/**
 * The vehicle operations (vehicle group, the ecity highway tolls and the kyc third-party insurance),
 * answered from the fictional world (wire facts §4.5). Quirks of the upstream kept here: plates
 * written as text with Persian digits for some, `nationalId` given as `-` on some active plates,
 * vehicle-info values all strings but the insurer code, and the endorsements of a policy as a JSON
 * string inside the JSON answer.
 */
import { formatSlashed } from '../calendar.js';
import { personOf } from '../world/persons.js';
import { ownsPlate, plateRegistrationsOf, plateTextOf } from '../world/plates.js';
import { Dice } from '../world/dice.js';
import { freewayTollsOf, trafficTollsOf } from '../world/traffic.js';
import { discountPercent, vehicleOf, type WorldVehicle } from '../world/vehicles.js';
import { answering, personParam } from './inputs.js';
import type { OperationHandlers } from './types.js';
import { ownedPlate, ownedPlateWithMobile, personWithMobile, plateParam } from './vehicleOwner.js';
import { thirdPartyPolicy } from './vehicleInsurance.js';

const USAGE = 'شخصی';
const VEHICLE_TYPE = 'سواری';

function vehicleInfo(vehicle: WorldVehicle): Record<string, unknown> {
  const cover = vehicle.insurance;
  const years = cover.claimFreeYears;
  return {
    axelNo: '2',
    wheelNo: '4',
    capacity: `جمعا ${vehicle.make.capacity} نفر`,
    cylinderNo: String(vehicle.make.cylinders),
    mainColor: vehicle.mainColour,
    secondColor: vehicle.secondColour,
    usageCodeByInsuranceCompany: '1',
    usageCodeByCentralInsurance: '10',
    usageNameByInsuranceCompany: USAGE,
    usageNameByNaja: USAGE,
    modelByNaja: String(vehicle.modelYear),
    insuranceUniqueCode: cover.uniqueCode,
    insurancePrintNumber: cover.printNumber,
    insuranceCompanyTitle: cover.insurer.title,
    insuranceCompanyCode: cover.insurer.code,
    discountLifeYearNumber: String(years.life),
    discountPersonYearNumber: String(years.person),
    discountFinancialYearNumber: String(years.financial),
    discountLifeYearPercent: String(discountPercent(years.life)),
    discountPersonYearPercent: String(discountPercent(years.person)),
    discountFinancialYearPercent: String(discountPercent(years.financial)),
    plateInstallDate: formatSlashed(vehicle.plateInstalledOn),
    subUsage: USAGE,
    vehicleTypeNameByInsuranceCompany: VEHICLE_TYPE,
    vehicleTypeCodeByInsuranceCompany: '1',
    vehicleGroupCode: '2',
    systemByInsuranceCompany: vehicle.make.system,
    tipByCentralInsurance: vehicle.tip,
    vehicleSystemCode: vehicle.make.systemCode,
    systemNameByNaja: vehicle.make.system,
    tipByNaja: vehicle.tip,
    tipCodeByCompany: `${vehicle.make.systemCode}${vehicle.make.tips.indexOf(vehicle.tip) + 1}`,
    chassisNumber: vehicle.chassisNumber,
    engineNumber: vehicle.engineNumber,
    vin: vehicle.vin,
    beginDate: formatSlashed(cover.startsOn),
    endDate: formatSlashed(cover.endsOn),
  };
}

function plateHistory(vehicle: WorldVehicle): Record<string, unknown> {
  const current = {
    vehicleSystem: vehicle.make.system,
    vehicleType: VEHICLE_TYPE,
    installDate: formatSlashed(vehicle.plateInstalledOn),
    detachDate: '',
    vehicleModel: String(vehicle.modelYear),
  };
  const previous = vehicle.previous && {
    vehicleSystem: vehicle.previous.make.system,
    vehicleType: VEHICLE_TYPE,
    installDate: formatSlashed(vehicle.previous.installedOn),
    detachDate: formatSlashed(vehicle.plateInstalledOn),
    vehicleModel: String(vehicle.previous.modelYear),
  };
  return {
    plateHistory: previous ? [current, previous] : [current],
    plateStatus: 'فعال',
    tracePlate: new Dice(`trace|${vehicle.plateNumber}`).digits(10),
  };
}

export const VEHICLE_HANDLERS = {
  vehicleActivePlateNumbersGet: answering(({ query }) => {
    const person = personWithMobile(query, 'nationalId');
    return {
      plateNumbers: plateRegistrationsOf(person.nationalId).map((registration) => ({
        // Some registries leave the owner's id out of the list.
        nationalId: new Dice(`plate-owner-shown|${registration.plateNumber}`).chance(0.2) ? '-' : person.nationalId,
        plateNumber: plateTextOf(registration.plateNumber),
        revoked: registration.revoked,
        revokedDateTime: registration.revokedDateTime,
        revokedDescription: registration.revokedDescription,
        serialNumber: registration.serialNumber,
      })),
    };
  }),

  vehicleMatchingVehicleOwnershipGet: answering(({ query }) => {
    const plate = plateParam(query['plateNumber']);
    const person = personParam(query['nationalId'], 'nationalId');
    if (!ownsPlate(person.nationalId, plate))
      return { isValid: false, vehicleType: null, vehicleTip: null, vehicleModel: null };
    const vehicle = vehicleOf(plate);
    return {
      isValid: true,
      vehicleType: VEHICLE_TYPE,
      vehicleTip: `${vehicle.make.system} ${vehicle.tip}`,
      vehicleModel: String(vehicle.modelYear),
    };
  }),

  vehicleVehicleInfoInquiryGet: answering(({ query }) => vehicleInfo(vehicleOf(ownedPlate(query, 'nationalId')))),

  vehiclePlateNumberHistoryGet: answering(({ query }) => plateHistory(vehicleOf(ownedPlate(query, 'nationalId')))),

  kycThirdPartyInsuranceInquiryGet: answering(({ query }) => {
    const plate = ownedPlate(query, 'nationalCode');
    return thirdPartyPolicy(vehicleOf(plate), personOf(query['nationalCode'] ?? ''));
  }),

  vehicleTrafficTollInquiryGet: answering(({ query }) => {
    const plate = ownedPlateWithMobile(query, 'nationalId');
    return {
      plateNumber: plateTextOf(plate),
      bills: trafficTollsOf(plate).map((toll) => ({ ...toll, totalAmount: toll.amount + toll.fee })),
    };
  }),

  ecityFreewayTollInquiryGet: answering(({ query }) => {
    const tolls = freewayTollsOf(plateParam(query['plateNumber']));
    return { bills: tolls, totalAmount: tolls.reduce((sum, toll) => sum + toll.price, 0) };
  }),
} as const satisfies OperationHandlers;
