/**
 * The third-party insurance inquiry's answer (wire facts §4.5): one large flat record mixing numbers
 * and strings as the upstream does, old abbreviated names beside the newer `*Field` ones, and the
 * endorsements as a JSON string holding an array.
 */
import { formatSlashed } from '../calendar.js';
import { Dice } from '../world/dice.js';
import { fullNameOf, type Citizen } from '../world/persons.js';
import { discountPercent, type WorldVehicle } from '../world/vehicles.js';

/** Minimum covers of the year the world stands in, in rials. */
const COVERS = { financial: 800_000_000, life: 16_000_000_000, person: 16_000_000_000 } as const;

const ENDORSEMENTS = [
  { id: 12, nam: 'تغییر مالکیت', Dsc: 'انتقال بیمه نامه به مالک جدید' },
  { id: 7, nam: 'افزایش تعهدات', Dsc: 'افزایش سقف تعهد مالی' },
] as const;

export function thirdPartyPolicy(vehicle: WorldVehicle, insured: Citizen): Record<string, unknown> {
  const cover = vehicle.insurance;
  const years = cover.claimFreeYears;
  const dice = new Dice(`third-party|${vehicle.plateNumber}`);
  const endorsed = dice.chance(0.3);
  const endorsement = dice.pick(ENDORSEMENTS);
  const lossAmount = cover.financialLosses * dice.int(20, 200) * 1_000_000;
  const plate = vehicle.plateNumber;
  return {
    prntPlcyCmpDocNo: cover.printNumber,
    companyName: cover.insurer.title,
    companyCode: String(cover.insurer.code),
    insuranceFullName: dice.chance(0.7) ? fullNameOf(insured) : null,
    issueDate: formatSlashed(cover.issuedOn),
    startDate: formatSlashed(cover.startsOn),
    endDate: formatSlashed(cover.endsOn),
    financialCvrCptl: COVERS.financial,
    lifeCvrCptl: COVERS.life,
    personCvrCptl: COVERS.person,
    fnCvrCptl: COVERS.financial,
    lfCvrCptl: COVERS.life,
    prsnCvrCptl: COVERS.person,
    policyFinancialLossCount: cover.financialLosses,
    policyPersonLossCount: cover.personLosses,
    policyHealthLossCount: cover.healthLosses,
    cuntLossAmont: lossAmount,
    disFnYrNum: String(years.financial),
    disLfYrNum: String(years.life),
    disPrsnYrNum: String(years.person),
    disFnYrPrcnt: String(discountPercent(years.financial)),
    disLfYrPrcnt: String(discountPercent(years.life)),
    disPrsnYrPrcnt: String(discountPercent(years.person)),
    discountThirdPercent: discountPercent(years.financial),
    discountPersonPercent: discountPercent(years.person),
    mapVehicleSystemName: vehicle.make.system,
    mapTypNam: 'سواری',
    mapUsageName: 'شخصی',
    systemField: vehicle.make.system,
    typeField: vehicle.tip,
    usageField: 'شخصی',
    modelField: String(vehicle.modelYear),
    mainColorField: vehicle.mainColour,
    secondColorField: vehicle.secondColour,
    capacityField: `جمعا ${vehicle.make.capacity} نفر`,
    cylinderNumberField: String(vehicle.make.cylinders),
    cylCnt: vehicle.make.cylinders,
    axelNumberField: '2',
    wheelNumberField: '4',
    engineNumberField: vehicle.engineNumber,
    chassisNumberField: vehicle.chassisNumber,
    vinNumberField: vehicle.vin,
    mtrNum: vehicle.engineNumber,
    shsNum: vehicle.chassisNumber,
    vin: vehicle.vin,
    installDateField: formatSlashed(vehicle.plateInstalledOn),
    vehicleSystemCode: Number(vehicle.make.systemCode),
    plk1: Number(plate.slice(0, 2)),
    // The insurers number the letters their own way (wire facts §4.5): not the plate's letter code.
    plk2: Number(plate.slice(2, 4)) % 20,
    plk3: Number(plate.slice(4, 7)),
    plkSrl: Number(plate.slice(7, 9)),
    edrsJson: JSON.stringify(endorsed ? [endorsement] : []),
    endorseDate: endorsed ? formatSlashed(cover.issuedOn) : null,
    endorseText: endorsed ? endorsement.Dsc : null,
    // The policy this one renews, for a vehicle with claim-free years (designed).
    lastCompanyDocumentNumber: years.financial > 0 ? `${cover.issuedOn.jy - 1}/${dice.digits(8)}` : null,
    damageTypes: [],
    ...policyCodes(vehicle, insured, dice, endorsed ? `${cover.printNumber}/${endorsement.id}` : ''),
  };
}

/** Usage codes of a private car: the insurer's own, and the shared and central-insurance classifications'. */
const USAGE = { insurer: 1, shared: 10, name: 'شخصی' } as const;

/**
 * The policy's codes and the central insurance's (CII) classification of the vehicle (wire facts §4.5);
 * their values are designed: a private passenger car, classified by its make and tip.
 */
function policyCodes(vehicle: WorldVehicle, insured: Citizen, dice: Dice, endorsementNumber: string) {
  const tipCode = Number(`${vehicle.make.systemCode}${vehicle.make.tips.indexOf(vehicle.tip) + 1}`);
  return {
    carGroupCode: 2,
    usageCode: USAGE.insurer,
    mapUsageCode: USAGE.shared,
    tonage: 0,
    thirdPolicyCode: Number(dice.digits(9)),
    statusTypeCode: 1,
    printEndorsCompanyDocumentNumber: endorsementNumber,
    thrname: fullNameOf(insured),
    systemCodeCii: Number(vehicle.make.systemCode),
    systemNameCii: vehicle.make.system,
    typeCodeCii: tipCode,
    typeNameCii: vehicle.tip,
    usageCodeCii: USAGE.shared,
    usageNameCii: USAGE.name,
    modelCii: vehicle.modelYear,
  };
}
