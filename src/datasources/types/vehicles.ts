/**
 * Records of the vehicle and traffic operations. Jalali dates stay in the upstream's `YYYY/MM/DD`
 * (or `YYYY/MM/DD - HH:mm`); Gregorian date-times are ISO-8601 instants; amounts are rial strings.
 */

/** One plate in a person's active-plates answer. */
export interface PlateRegistrationRecord {
  /** The plate as the upstream writes it, e.g. `ایران 40 - 123 ص 51`. */
  readonly plateText: string;
  /** The 9-digit plate number, when the text could be decoded. */
  readonly plateNumber: string | null;
  /** The national id the registry shows on the plate's record; null when it hides it (`-`). */
  readonly registeredNationalId: string | null;
  readonly revoked: boolean | null;
  readonly revokedAt: string | null;
  readonly revocationReason: string | null;
  readonly serialNumber: string | null;
}

export interface OwnershipCheckRecord {
  readonly matches: boolean | null;
  readonly vehicleType: string | null;
  readonly tip: string | null;
  readonly model: string | null;
}

/** Years without a claim and the discount percentages they earn on a third-party policy. */
export interface InsuranceDiscountsRecord {
  readonly financialYears: number | null;
  readonly lifeYears: number | null;
  readonly personYears: number | null;
  readonly financialPercent: number | null;
  readonly lifePercent: number | null;
  readonly personPercent: number | null;
}

export interface VehicleInsuranceSummaryRecord {
  readonly insurerName: string | null;
  readonly insurerCode: string | null;
  readonly uniqueCode: string | null;
  readonly printNumber: string | null;
  readonly startsOn: string | null;
  readonly endsOn: string | null;
  readonly discounts: InsuranceDiscountsRecord;
}

export interface VehicleDetailsRecord {
  readonly system: string | null;
  readonly systemByInsurer: string | null;
  readonly systemCode: string | null;
  readonly tip: string | null;
  readonly tipByCentralInsurance: string | null;
  readonly tipCodeByInsurer: string | null;
  readonly modelYear: number | null;
  readonly vehicleType: string | null;
  readonly vehicleTypeCode: string | null;
  readonly vehicleGroupCode: string | null;
  readonly usage: string | null;
  readonly usageByInsurer: string | null;
  readonly usageCodeByInsurer: string | null;
  readonly usageCodeByCentralInsurance: string | null;
  readonly subUsage: string | null;
  readonly mainColour: string | null;
  readonly secondColour: string | null;
  readonly axles: number | null;
  readonly wheels: number | null;
  readonly capacity: number | null;
  readonly cylinders: number | null;
  readonly vin: string | null;
  readonly engineNumber: string | null;
  readonly chassisNumber: string | null;
  readonly plateInstalledOn: string | null;
  readonly insurance: VehicleInsuranceSummaryRecord;
}

export interface PlateInstallationRecord {
  readonly vehicleSystem: string | null;
  readonly vehicleType: string | null;
  readonly vehicleModel: string | null;
  readonly installedOn: string | null;
  readonly detachedOn: string | null;
}

export interface PlateHistoryRecord {
  readonly status: string | null;
  readonly trace: string | null;
  readonly installations: readonly PlateInstallationRecord[];
}

export interface InsuranceEndorsementRecord {
  readonly id: string | null;
  readonly title: string | null;
  readonly description: string | null;
}

/** A vehicle in a classification of the insurers: its system, type and usage, by code and by name. */
export interface VehicleClassificationRecord {
  readonly systemCode: string | null;
  readonly system: string | null;
  readonly typeCode: string | null;
  readonly type: string | null;
  readonly usageCode: string | null;
  readonly usage: string | null;
  readonly model: string | null;
}

/** A plate as an insurer records it: its numbers, the letter in the insurer's own numbering. */
export interface InsuredPlateRecord {
  readonly twoDigits: string | null;
  readonly letterNumber: string | null;
  readonly threeDigits: string | null;
  readonly region: string | null;
}

export interface InsuredVehicleRecord {
  readonly system: string | null;
  readonly systemCode: string | null;
  readonly type: string | null;
  readonly groupCode: string | null;
  readonly usage: string | null;
  readonly usageCode: string | null;
  readonly model: string | null;
  readonly tonnage: number | null;
  /** Jalali `YYYY/MM/DD`. */
  readonly plateInstalledOn: string | null;
  readonly plate: InsuredPlateRecord;
  readonly sharedClassification: VehicleClassificationRecord;
  readonly centralInsurance: VehicleClassificationRecord;
  readonly mainColour: string | null;
  readonly secondColour: string | null;
  readonly capacity: number | null;
  readonly cylinders: number | null;
  readonly axles: number | null;
  readonly wheels: number | null;
  readonly engineNumber: string | null;
  readonly chassisNumber: string | null;
  readonly vin: string | null;
}

export interface ThirdPartyPolicyRecord {
  readonly policyNumber: string | null;
  readonly policyCode: string | null;
  readonly statusCode: string | null;
  readonly previousPolicyNumber: string | null;
  readonly lastEndorsementNumber: string | null;
  readonly holderName: string | null;
  readonly insurerName: string | null;
  readonly insurerCode: string | null;
  readonly insuredName: string | null;
  readonly issuedOn: string | null;
  readonly startsOn: string | null;
  readonly endsOn: string | null;
  readonly financialCoverage: string | null;
  readonly lifeCoverage: string | null;
  readonly personCoverage: string | null;
  readonly financialLossCount: number | null;
  readonly personLossCount: number | null;
  readonly healthLossCount: number | null;
  readonly lossAmount: string | null;
  readonly discounts: InsuranceDiscountsRecord;
  readonly vehicle: InsuredVehicleRecord;
  readonly endorsements: readonly InsuranceEndorsementRecord[];
  readonly lastEndorsedOn: string | null;
  readonly lastEndorsementText: string | null;
}

export interface TrafficOffenseRecord {
  readonly id: string;
  readonly type: string | null;
  readonly description: string | null;
  readonly code: string | null;
  readonly amount: string | null;
  readonly city: string | null;
  readonly location: string | null;
  /** Jalali `YYYY/MM/DD - HH:mm`. */
  readonly occurredAt: string | null;
  readonly recordedAt: string | null;
  readonly plateSerial: string | null;
  readonly plateText: string | null;
  readonly billId: string | null;
  readonly paymentId: string | null;
  readonly barcode: string | null;
  readonly payable: boolean | null;
  readonly policemanCode: string | null;
  readonly hasImage: boolean;
}

export interface TrafficOffensesRecord {
  readonly offenses: readonly TrafficOffenseRecord[];
  readonly totalAmount: string | null;
}

export interface TrafficOffenseImageRecord {
  readonly offenseId: string | null;
  readonly plateImageUrl: string | null;
  readonly vehicleImageUrl: string | null;
}

export interface MotorcycleOffensesRecord {
  readonly amount: string | null;
  readonly billId: string | null;
  readonly paymentId: string | null;
  readonly complaintCode: string | null;
  readonly complaintStatus: string | null;
  readonly plateNumber: string | null;
}

export type TollPaymentStatus = 'PAID' | 'UNPAID' | 'OTHER';

export interface TrafficTollRecord {
  readonly id: string | null;
  readonly amount: string | null;
  readonly fee: string | null;
  readonly totalAmount: string | null;
  readonly chargedAt: string | null;
  readonly paymentStatus: TollPaymentStatus;
}

export interface FreewayTollRecord {
  readonly paymentId: string | null;
  readonly amount: string | null;
  readonly passedAt: string | null;
  readonly gateway: string | null;
  readonly freeway: string | null;
}

export interface FreewayTollsRecord {
  readonly tolls: readonly FreewayTollRecord[];
  readonly totalAmount: string | null;
}

export interface DrivingLicenceRecord {
  readonly number: string | null;
  readonly type: string | null;
  readonly status: string | null;
  readonly barcode: string | null;
  readonly issuedAt: string | null;
  readonly validityPeriod: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly nationalId: string | null;
}

export interface DrivingLicenceCheckRecord {
  readonly statusCode: string | null;
  readonly statusDescription: string | null;
  readonly licences: readonly DrivingLicenceRecord[];
}

/** A driving licence's negative points (the billing group's `negativeScore`). */
export interface NegativeScoreRecord {
  readonly licenceNumber: string;
  readonly points: number | null;
  readonly offenseCount: number | null;
  readonly rule: string | null;
}
