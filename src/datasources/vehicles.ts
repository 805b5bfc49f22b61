import { gregorianWallClockToIso } from '../lib/gregorianWallClock.js';
import { plateNumberFromText } from '../validation/plates.js';
import {
  ActivePlatesAnswer,
  DriverRiskAnswer,
  DrivingLicencesAnswer,
  DrivingOffensesAnswer,
  FreewayTollsAnswer,
  NegativeScoreAnswer,
  OffenseImageAnswer,
  OwnershipAnswer,
  PlateHistoryAnswer,
  RidingOffensesAnswer,
  ThirdPartyPolicyAnswer,
  TrafficTollsAnswer,
  VehicleInfoAnswer,
} from './records/vehicles.js';
import { decode, isNoData } from './shared/shapes.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import type {
  FreewayTollsRecord,
  OwnershipCheckRecord,
  PlateHistoryRecord,
  PlateRegistrationRecord,
  ThirdPartyPolicyRecord,
  TrafficTollRecord,
  VehicleDetailsRecord,
  DrivingLicenceCheckRecord,
  NegativeScoreRecord,
  MotorcycleOffensesRecord,
  TrafficOffenseImageRecord,
  TrafficOffensesRecord,
} from './types/vehicles.js';

/** The driver risk inquiry's optional inputs (wire facts §4.2); each is sent only when given. */
export interface DriverRiskOptions {
  readonly personType?: 1 | 2;
  readonly agentCode?: string;
}

/** The owner a vehicle inquiry is made for: the upstream answers only the plate's owner. */
export interface VehicleOwner {
  readonly nationalId: string;
  readonly mobile: string;
}

/**
 * Vehicles and drivers: plates, ownership, vehicle details, plate history, tolls, third-party
 * insurance, driving and riding offenses, driving licences, the licence's negative score and the
 * driver's risk score.
 */
export class VehiclesAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  /** The plates registered to a person; `mobile` must be the person's. */
  async listActivePlates(nationalId: string, mobile: string): Promise<PlateRegistrationRecord[]> {
    const answer = await this.upstream.read('vehicleActivePlateNumbersGet', { query: { nationalId, mobile } });
    if (isNoData(answer.result)) return [];
    const r = decode('vehicleActivePlateNumbersGet', answer, ActivePlatesAnswer);
    return r.plateNumbers.flatMap((plate) => {
      const plateText = plate.plateNumber;
      if (plateText === null) return [];
      return [
        {
          plateText,
          plateNumber: plateNumberFromText(plateText),
          registeredNationalId: plate.nationalId,
          revoked: plate.revoked,
          revokedAt: gregorianWallClockToIso(plate.revokedDateTime),
          revocationReason: plate.revokedDescription,
          serialNumber: plate.serialNumber,
        },
      ];
    });
  }

  async checkOwnership(plateNumber: string, nationalId: string): Promise<OwnershipCheckRecord> {
    const answer = await this.upstream.read('vehicleMatchingVehicleOwnershipGet', {
      query: { nationalId, plateNumber },
    });
    const r = decode('vehicleMatchingVehicleOwnershipGet', answer, OwnershipAnswer);
    return { matches: r.isValid, vehicleType: r.vehicleType, tip: r.vehicleTip, model: r.vehicleModel };
  }

  /** Vehicle facts from the police registry and the insurers; null on a "no data" answer. */
  async getVehicleDetails(plateNumber: string, nationalId: string): Promise<VehicleDetailsRecord | null> {
    const answer = await this.upstream.read('vehicleVehicleInfoInquiryGet', { query: { nationalId, plateNumber } });
    if (isNoData(answer.result)) return null;
    const r = decode('vehicleVehicleInfoInquiryGet', answer, VehicleInfoAnswer);
    return {
      system: r.systemNameByNaja,
      systemByInsurer: r.systemByInsuranceCompany,
      systemCode: r.vehicleSystemCode,
      tip: r.tipByNaja,
      tipByCentralInsurance: r.tipByCentralInsurance,
      tipCodeByInsurer: r.tipCodeByCompany,
      modelYear: r.modelByNaja,
      vehicleType: r.vehicleTypeNameByInsuranceCompany,
      vehicleTypeCode: r.vehicleTypeCodeByInsuranceCompany,
      vehicleGroupCode: r.vehicleGroupCode,
      usage: r.usageNameByNaja,
      usageByInsurer: r.usageNameByInsuranceCompany,
      usageCodeByInsurer: r.usageCodeByInsuranceCompany,
      usageCodeByCentralInsurance: r.usageCodeByCentralInsurance,
      subUsage: r.subUsage,
      mainColour: r.mainColor,
      secondColour: r.secondColor,
      axles: r.axelNo,
      wheels: r.wheelNo,
      capacity: r.capacity,
      cylinders: r.cylinderNo,
      vin: r.vin,
      engineNumber: r.engineNumber,
      chassisNumber: r.chassisNumber,
      plateInstalledOn: r.plateInstallDate,
      insurance: {
        insurerName: r.insuranceCompanyTitle,
        insurerCode: r.insuranceCompanyCode,
        uniqueCode: r.insuranceUniqueCode,
        printNumber: r.insurancePrintNumber,
        startsOn: r.beginDate,
        endsOn: r.endDate,
        discounts: {
          financialYears: r.discountFinancialYearNumber,
          lifeYears: r.discountLifeYearNumber,
          personYears: r.discountPersonYearNumber,
          financialPercent: r.discountFinancialYearPercent,
          lifePercent: r.discountLifeYearPercent,
          personPercent: r.discountPersonYearPercent,
        },
      },
    };
  }

  async getPlateHistory(plateNumber: string, nationalId: string): Promise<PlateHistoryRecord | null> {
    const answer = await this.upstream.read('vehiclePlateNumberHistoryGet', { query: { nationalId, plateNumber } });
    if (isNoData(answer.result)) return null;
    const r = decode('vehiclePlateNumberHistoryGet', answer, PlateHistoryAnswer);
    return {
      status: r.plateStatus,
      trace: r.tracePlate,
      installations: r.plateHistory.map((entry) => ({
        vehicleSystem: entry.vehicleSystem,
        vehicleType: entry.vehicleType,
        vehicleModel: entry.vehicleModel,
        installedOn: entry.installDate,
        detachedOn: entry.detachDate,
      })),
    };
  }

  /** Tehran traffic-zone charges of a plate, as its owner asks for them. */
  async listTrafficTolls(plateNumber: string, owner: VehicleOwner): Promise<TrafficTollRecord[]> {
    const answer = await this.upstream.read('vehicleTrafficTollInquiryGet', {
      query: { plateNumber, mobile: owner.mobile, nationalId: owner.nationalId },
    });
    if (isNoData(answer.result)) return [];
    return decode('vehicleTrafficTollInquiryGet', answer, TrafficTollsAnswer).bills.map((toll) => ({
      id: toll.uniqueId,
      amount: toll.amount,
      fee: toll.fee,
      totalAmount: toll.totalAmount,
      chargedAt: gregorianWallClockToIso(toll.date),
      paymentStatus: toll.paymentStatus ?? 'OTHER',
    }));
  }

  /** Highway tolls of a plate (ecity group); anyone may ask. */
  async listFreewayTolls(plateNumber: string): Promise<FreewayTollsRecord> {
    const answer = await this.upstream.read('ecityFreewayTollInquiryGet', { query: { plateNumber } });
    if (isNoData(answer.result)) return { tolls: [], totalAmount: '0' };
    const r = decode('ecityFreewayTollInquiryGet', answer, FreewayTollsAnswer);
    return {
      totalAmount: r.totalAmount,
      tolls: r.bills.map((bill) => ({
        paymentId: bill.paymentId,
        amount: bill.price,
        passedAt: gregorianWallClockToIso(bill.date),
        gateway: bill.gateway,
        freeway: bill.freeway,
      })),
    };
  }

  /** The plate's third-party insurance policy (kyc group); null on a "no data" answer. */
  async getThirdPartyPolicy(plateNumber: string, nationalId: string): Promise<ThirdPartyPolicyRecord | null> {
    const answer = await this.upstream.read('kycThirdPartyInsuranceInquiryGet', {
      query: { nationalCode: nationalId, plateNumber },
    });
    if (isNoData(answer.result)) return null;
    const r = decode('kycThirdPartyInsuranceInquiryGet', answer, ThirdPartyPolicyAnswer);
    return {
      policyNumber: r.prntPlcyCmpDocNo,
      policyCode: r.thirdPolicyCode,
      statusCode: r.statusTypeCode,
      previousPolicyNumber: r.lastCompanyDocumentNumber,
      lastEndorsementNumber: r.printEndorsCompanyDocumentNumber,
      holderName: r.thrname,
      insurerName: r.companyName,
      insurerCode: r.companyCode,
      insuredName: r.insuranceFullName,
      issuedOn: r.issueDate,
      startsOn: r.startDate,
      endsOn: r.endDate,
      financialCoverage: r.financialCvrCptl,
      lifeCoverage: r.lifeCvrCptl,
      personCoverage: r.personCvrCptl,
      financialLossCount: r.policyFinancialLossCount,
      personLossCount: r.policyPersonLossCount,
      healthLossCount: r.policyHealthLossCount,
      lossAmount: r.cuntLossAmont,
      discounts: {
        financialYears: r.disFnYrNum,
        lifeYears: r.disLfYrNum,
        personYears: r.disPrsnYrNum,
        financialPercent: r.disFnYrPrcnt,
        lifePercent: r.disLfYrPrcnt,
        personPercent: r.disPrsnYrPrcnt,
      },
      vehicle: {
        system: r.systemField ?? r.mapVehicleSystemName,
        systemCode: r.vehicleSystemCode,
        type: r.typeField ?? r.mapTypNam,
        groupCode: r.carGroupCode,
        usage: r.usageField ?? r.mapUsageName,
        usageCode: r.usageCode,
        model: r.modelField,
        tonnage: r.tonage,
        plateInstalledOn: r.installDateField,
        plate: { twoDigits: r.plk1, letterNumber: r.plk2, threeDigits: r.plk3, region: r.plkSrl },
        sharedClassification: {
          systemCode: null,
          system: r.mapVehicleSystemName,
          typeCode: null,
          type: r.mapTypNam,
          usageCode: r.mapUsageCode,
          usage: r.mapUsageName,
          model: null,
        },
        centralInsurance: {
          systemCode: r.systemCodeCii,
          system: r.systemNameCii,
          typeCode: r.typeCodeCii,
          type: r.typeNameCii,
          usageCode: r.usageCodeCii,
          usage: r.usageNameCii,
          model: r.modelCii,
        },
        mainColour: r.mainColorField,
        secondColour: r.secondColorField,
        capacity: r.capacityField,
        cylinders: r.cylinderNumberField,
        axles: r.axelNumberField,
        wheels: r.wheelNumberField,
        engineNumber: r.engineNumberField ?? r.mtrNum,
        chassisNumber: r.chassisNumberField ?? r.shsNum,
        vin: r.vinNumberField ?? r.vin,
      },
      endorsements: r.edrsJson,
      lastEndorsedOn: r.endorseDate,
      lastEndorsementText: r.endorseText,
    };
  }

  /** Car offenses of a plate (drivingOffense version 2), as its owner asks for them. */
  async listDrivingOffenses(plateNumber: string, owner: VehicleOwner): Promise<TrafficOffensesRecord> {
    const answer = await this.upstream.read('billingDrivingOffenseGet', {
      query: { version: '2', mobile: owner.mobile, nationalID: owner.nationalId, plateNumber },
    });
    if (isNoData(answer.result)) return { offenses: [], totalAmount: '0' };
    const r = decode('billingDrivingOffenseGet', answer, DrivingOffensesAnswer);
    const offenses = r.Bills.flatMap((bill) => {
      const id = bill.id;
      if (id === null) return [];
      return [
        {
          id,
          type: bill.type,
          description: bill.description,
          code: bill.code,
          amount: bill.price,
          city: bill.city,
          location: bill.location,
          occurredAt: bill.date,
          recordedAt: gregorianWallClockToIso(bill.normalizedDate),
          plateSerial: bill.serial,
          plateText: bill.license,
          billId: bill.billId,
          paymentId: bill.paymentId,
          barcode: bill.barcode,
          payable: bill.isPayable,
          policemanCode: bill.policemanCode,
          hasImage: bill.hasImage === true,
        },
      ];
    });
    return { offenses, totalAmount: r.TotalAmount };
  }

  async getOffenseImage(offenseId: string): Promise<TrafficOffenseImageRecord> {
    const answer = await this.upstream.read('billingTrafficOffenseImageGet', { query: { offenseId } });
    const r = decode('billingTrafficOffenseImageGet', answer, OffenseImageAnswer);
    return { offenseId: r.OffenseId, plateImageUrl: r.PlateImageUrl, vehicleImageUrl: r.VehicleImageUrl };
  }

  /** Motorcycle offenses of an 8-digit plate: one summary object. */
  async getRidingOffenses(plateNumber: string, owner: VehicleOwner): Promise<MotorcycleOffensesRecord | null> {
    const answer = await this.upstream.read('billingRidingOffenseGet', {
      query: { plateNumber, nationalID: owner.nationalId, mobile: owner.mobile },
    });
    if (isNoData(answer.result)) return null;
    const r = decode('billingRidingOffenseGet', answer, RidingOffensesAnswer);
    return {
      amount: r.Amount,
      billId: r.BillID,
      paymentId: r.PaymentID,
      complaintCode: r.ComplaintCode,
      complaintStatus: r.ComplaintStatus,
      plateNumber: r.PlateNumber,
    };
  }

  /** A person's driving licences; `mobile` must be the person's. The client puts the mandatory trackId in the query. */
  async checkDrivingLicences(nationalId: string, mobile: string): Promise<DrivingLicenceCheckRecord> {
    const answer = await this.upstream.read('kycLicenseCheckInquiryPost', { body: { nationalID: nationalId, mobile } });
    if (isNoData(answer.result)) return { statusCode: null, statusDescription: null, licences: [] };
    const r = decode('kycLicenseCheckInquiryPost', answer, DrivingLicencesAnswer);
    return {
      statusCode: r.licenseStatus?.code ?? null,
      statusDescription: r.licenseStatus?.description ?? null,
      licences: r.licenses.map((licence) => ({
        number: licence.licenseNumber,
        type: licence.licenseType,
        status: licence.licenseStatus,
        barcode: licence.barCode,
        issuedAt: gregorianWallClockToIso(licence.issueDate),
        validityPeriod: licence.licenseValidityPeriod,
        firstName: licence.firstname,
        lastName: licence.lastname,
        nationalId: licence.nationalCode,
      })),
    };
  }

  /** The driver risk score of a person; `birthDate` is Jalali `YYYY/MM/DD`; the options are sent only when given. */
  async getDriverRiskScore(
    nationalId: string,
    birthDate: string,
    options: DriverRiskOptions = {},
  ): Promise<number | null> {
    const answer = await this.upstream.read('kycDriversRiskInquiryGet', {
      query: {
        nationalCode: nationalId,
        birthDate,
        ...(options.personType !== undefined && { personType: String(options.personType) }),
        ...(options.agentCode !== undefined && { agentCode: options.agentCode }),
      },
    });
    if (isNoData(answer.result)) return null;
    return decode('kycDriversRiskInquiryGet', answer, DriverRiskAnswer).score;
  }

  async getNegativeScore(input: {
    licenceNumber: string;
    nationalId: string;
    mobile: string;
  }): Promise<NegativeScoreRecord> {
    const answer = await this.upstream.read('billingNegativeScoreGet', {
      query: { licenseNumber: input.licenceNumber, nationalID: input.nationalId, mobile: input.mobile },
    });
    const r = decode('billingNegativeScoreGet', answer, NegativeScoreAnswer);
    return {
      licenceNumber: r.LicenseNumber ?? input.licenceNumber,
      points: r.NegativeScore,
      offenseCount: r.OffenseCount,
      rule: r.Rule,
    };
  }
}
