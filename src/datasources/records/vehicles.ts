/** The vehicle and driver answers (vehicle, ecity, kyc and billing groups), as the upstream writes them. */
import { normalizeDigits } from '../../lib/digits.js';
import { parseJson } from '../../lib/json.js';
import { aliased, count, decimal, flag, list, optionalRecord, rial, record, text, word } from '../shared/shapes.js';
import type { InsuranceEndorsementRecord, TollPaymentStatus } from '../types/vehicles.js';

/** A small count such as axles or years; null when absent, `-` or not a whole number. */
export const smallCount = decimal.transform((number) =>
  number !== null && Number.isSafeInteger(number) && number >= 0 ? number : null,
);

/**
 * Seats: the registry writes them as a sentence, `جمعا 5 نفر` ("5 persons in all", the documentation's
 * samples), or as a bare number; the one whole number it holds, null when it holds none or several.
 */
export const seatCount = text.transform((written) => {
  const numbers = written === null ? [] : (normalizeDigits(written).match(/\d+/g) ?? []);
  return numbers.length === 1 ? Number(numbers[0]) : null;
});

const Endorsement = record({ id: text, nam: text, Dsc: text });

/** `edrsJson`: endorsements as a JSON string holding an array of `{ id, Dsc, nam }`; unreadable text gives none. */
export const endorsements = text.transform((value): InsuranceEndorsementRecord[] => {
  if (value === null) return [];
  let parsed: unknown;
  try {
    parsed = parseJson(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown) => {
    const endorsement = Endorsement.safeParse(item);
    if (!endorsement.success) return [];
    const { id, nam, Dsc } = endorsement.data;
    return [{ id, title: nam, description: Dsc }];
  });
});

/** A toll's payment status (`unpaid`, `paid`, any case); null for any other word. */
export const tollPaymentStatus = word<TollPaymentStatus>({ unpaid: 'UNPAID', paid: 'PAID' }, (t) => t.toLowerCase());

/**
 * `vehicleActivePlateNumbersGet`. Entries without a plate number are skipped by the reader; a `nationalId`
 * of `-` (the registry hiding it) reads as absent.
 */
export const ActivePlatesAnswer = record({
  plateNumbers: list(
    record({
      nationalId: text.transform((id) => (id === '-' ? null : id)),
      plateNumber: text,
      revoked: flag,
      revokedDateTime: text,
      revokedDescription: text,
      serialNumber: text,
    }),
  ),
});

/** `vehicleMatchingVehicleOwnershipGet`. */
export const OwnershipAnswer = record({ isValid: flag, vehicleType: text, vehicleTip: text, vehicleModel: text });

/** `vehicleVehicleInfoInquiryGet`: the police registry's (`…ByNaja`) and the insurers' facts side by side. */
export const VehicleInfoAnswer = record({
  systemNameByNaja: text,
  systemByInsuranceCompany: text,
  vehicleSystemCode: text,
  tipByNaja: text,
  tipByCentralInsurance: text,
  tipCodeByCompany: text,
  modelByNaja: smallCount,
  vehicleTypeNameByInsuranceCompany: text,
  vehicleTypeCodeByInsuranceCompany: text,
  vehicleGroupCode: text,
  usageNameByNaja: text,
  usageNameByInsuranceCompany: text,
  usageCodeByInsuranceCompany: text,
  usageCodeByCentralInsurance: text,
  subUsage: text,
  mainColor: text,
  secondColor: text,
  axelNo: smallCount,
  wheelNo: smallCount,
  capacity: seatCount,
  cylinderNo: smallCount,
  vin: text,
  engineNumber: text,
  chassisNumber: text,
  plateInstallDate: text,
  insuranceCompanyTitle: text,
  insuranceCompanyCode: text,
  insuranceUniqueCode: text,
  insurancePrintNumber: text,
  beginDate: text,
  endDate: text,
  discountFinancialYearNumber: smallCount,
  discountLifeYearNumber: smallCount,
  discountPersonYearNumber: smallCount,
  discountFinancialYearPercent: decimal,
  discountLifeYearPercent: decimal,
  discountPersonYearPercent: decimal,
});

/** `vehiclePlateNumberHistoryGet`. */
export const PlateHistoryAnswer = record({
  plateStatus: text,
  tracePlate: text,
  plateHistory: list(
    record({ vehicleSystem: text, vehicleType: text, vehicleModel: text, installDate: text, detachDate: text }),
  ),
});

/** `vehicleTrafficTollInquiryGet`. */
export const TrafficTollsAnswer = record({
  bills: list(
    record({
      uniqueId: text,
      amount: rial,
      fee: rial,
      totalAmount: rial,
      date: text,
      paymentStatus: tollPaymentStatus,
    }),
  ),
});

/** `ecityFreewayTollInquiryGet`. */
export const FreewayTollsAnswer = record({
  totalAmount: rial,
  bills: list(record({ paymentId: text, price: rial, date: text, gateway: text, freeway: text })),
});

/**
 * `kycThirdPartyInsuranceInquiryGet`. Coverages and some vehicle facts come under a long and a short name
 * (`financialCvrCptl` or `fnCvrCptl`, `cylinderNumberField` or `cylCnt`): the short one counts only when
 * the long one is absent or null; so do the discounts' percentages (`disFnYrPrcnt` or `discountThirdPercent`,
 * `disPrsnYrPrcnt` or `discountPersonPercent`). The vehicle's other facts come as `…Field` or under a `map…`
 * name (the insurers' shared classification); the central insurance's classification under `…Cii` names.
 */
export const ThirdPartyPolicyAnswer = aliased(
  {
    financialCvrCptl: 'fnCvrCptl',
    lifeCvrCptl: 'lfCvrCptl',
    personCvrCptl: 'prsnCvrCptl',
    cylinderNumberField: 'cylCnt',
    disFnYrPrcnt: 'discountThirdPercent',
    disPrsnYrPrcnt: 'discountPersonPercent',
  },
  record({
    prntPlcyCmpDocNo: text,
    companyName: text,
    companyCode: text,
    insuranceFullName: text,
    issueDate: text,
    startDate: text,
    endDate: text,
    financialCvrCptl: rial,
    lifeCvrCptl: rial,
    personCvrCptl: rial,
    policyFinancialLossCount: smallCount,
    policyPersonLossCount: smallCount,
    policyHealthLossCount: smallCount,
    cuntLossAmont: rial,
    disFnYrNum: smallCount,
    disLfYrNum: smallCount,
    disPrsnYrNum: smallCount,
    disFnYrPrcnt: decimal,
    disLfYrPrcnt: decimal,
    disPrsnYrPrcnt: decimal,
    systemField: text,
    mapVehicleSystemName: text,
    typeField: text,
    mapTypNam: text,
    usageField: text,
    mapUsageName: text,
    modelField: text,
    mainColorField: text,
    secondColorField: text,
    capacityField: seatCount,
    cylinderNumberField: smallCount,
    axelNumberField: smallCount,
    wheelNumberField: smallCount,
    engineNumberField: text,
    mtrNum: text,
    chassisNumberField: text,
    shsNum: text,
    vinNumberField: text,
    vin: text,
    edrsJson: endorsements,
    endorseDate: text,
    endorseText: text,
    printEndorsCompanyDocumentNumber: text,
    lastCompanyDocumentNumber: text,
    thirdPolicyCode: text,
    statusTypeCode: text,
    thrname: text,
    vehicleSystemCode: text,
    carGroupCode: text,
    usageCode: text,
    tonage: decimal,
    installDateField: text,
    plk1: text,
    plk2: text,
    plk3: text,
    plkSrl: text,
    mapUsageCode: text,
    systemCodeCii: text,
    systemNameCii: text,
    typeCodeCii: text,
    typeNameCii: text,
    usageCodeCii: text,
    usageNameCii: text,
    modelCii: text,
  }),
);

/** `billingDrivingOffenseGet` (version 2). Offenses without an id are skipped by the reader. */
export const DrivingOffensesAnswer = record({
  Bills: list(
    record({
      id: text,
      type: text,
      description: text,
      code: text,
      price: rial,
      city: text,
      location: text,
      date: text,
      normalizedDate: text,
      serial: text,
      license: text,
      billId: text,
      paymentId: text,
      barcode: text,
      isPayable: flag,
      policemanCode: text,
      hasImage: flag,
    }),
  ),
  TotalAmount: rial,
});

/** `billingTrafficOffenseImageGet`. */
export const OffenseImageAnswer = record({ OffenseId: text, PlateImageUrl: text, VehicleImageUrl: text });

/** `billingRidingOffenseGet`: one summary object. */
export const RidingOffensesAnswer = record({
  Amount: rial,
  BillID: text,
  PaymentID: text,
  ComplaintCode: text,
  ComplaintStatus: text,
  PlateNumber: text,
});

/** `kycLicenseCheckInquiryPost`. The `licenseStatus` block may be absent. */
export const DrivingLicencesAnswer = record({
  licenseStatus: optionalRecord({ code: text, description: text }),
  licenses: list(
    record({
      licenseNumber: text,
      licenseType: text,
      licenseStatus: text,
      barCode: text,
      issueDate: text,
      licenseValidityPeriod: text,
      firstname: text,
      lastname: text,
      nationalCode: text,
    }),
  ),
});

/** `kycDriversRiskInquiryGet`. */
export const DriverRiskAnswer = record({ score: decimal });

/** `billingNegativeScoreGet`. `Rule` is `-` when there is none. */
export const NegativeScoreAnswer = record({
  LicenseNumber: text,
  NegativeScore: count,
  OffenseCount: count,
  Rule: text.transform((rule) => (rule === '-' ? null : rule)),
});
