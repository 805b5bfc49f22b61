import { gregorianWallClockToIso } from '../lib/gregorianWallClock.js';
import { plateNumberFromText } from '../validation/plates.js';
import { discounts, endorsements, smallCount, decimal } from './records/vehicles.js';
import { isNoData } from './shared/shapes.js';
import { RecordReader } from './shared/read.js';
import { flag } from './shared/readers.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import type { NegativeScoreRecord } from './types/bills.js';
import type {
  FreewayTollsRecord,
  OwnershipCheckRecord,
  PlateHistoryRecord,
  PlateRegistrationRecord,
  ThirdPartyPolicyRecord,
  TollPaymentStatus,
  TrafficTollRecord,
  VehicleDetailsRecord,
  DrivingLicenceCheckRecord,
  MotorcycleOffensesRecord,
  TrafficOffenseImageRecord,
  TrafficOffensesRecord,
} from './types/vehicles.js';

/** The owner a vehicle inquiry is made for: the upstream answers only the plate's owner. */
export interface VehicleOwner {
  readonly nationalId: string;
  readonly mobile: string;
}

const PAYMENT_STATUS: Readonly<Record<string, TollPaymentStatus>> = { unpaid: 'UNPAID', paid: 'PAID' };

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
    const read = new RecordReader('vehicleActivePlateNumbersGet', answer);
    if (isNoData(answer.result)) return [];
    const items = read.list(read.object(answer.result).plateNumbers, 'plate numbers');
    return items.flatMap((item) => {
      const r = read.object(item, 'plate number');
      const plateText = read.text(r.plateNumber);
      if (plateText === null) return [];
      return [
        {
          plateText,
          plateNumber: plateNumberFromText(plateText),
          revoked: flag(read, r.revoked),
          revokedAt: gregorianWallClockToIso(read.text(r.revokedDateTime)),
          revocationReason: read.text(r.revokedDescription),
          serialNumber: read.text(r.serialNumber),
        },
      ];
    });
  }

  async checkOwnership(plateNumber: string, nationalId: string): Promise<OwnershipCheckRecord> {
    const answer = await this.upstream.read('vehicleMatchingVehicleOwnershipGet', {
      query: { nationalId, plateNumber },
    });
    const read = new RecordReader('vehicleMatchingVehicleOwnershipGet', answer);
    const r = read.object(answer.result);
    return {
      matches: flag(read, r.isValid),
      vehicleType: read.text(r.vehicleType),
      tip: read.text(r.vehicleTip),
      model: read.text(r.vehicleModel),
    };
  }

  /** Vehicle facts from the police registry and the insurers; null on a "no data" answer. */
  async getVehicleDetails(plateNumber: string, nationalId: string): Promise<VehicleDetailsRecord | null> {
    const answer = await this.upstream.read('vehicleVehicleInfoInquiryGet', { query: { nationalId, plateNumber } });
    const read = new RecordReader('vehicleVehicleInfoInquiryGet', answer);
    if (isNoData(answer.result)) return null;
    const r = read.object(answer.result);
    const t = (value: unknown) => read.text(value);
    return {
      system: t(r.systemNameByNaja),
      systemByInsurer: t(r.systemByInsuranceCompany),
      systemCode: t(r.vehicleSystemCode),
      tip: t(r.tipByNaja),
      tipByCentralInsurance: t(r.tipByCentralInsurance),
      tipCodeByInsurer: t(r.tipCodeByCompany),
      modelYear: smallCount(read, r.modelByNaja),
      vehicleType: t(r.vehicleTypeNameByInsuranceCompany),
      vehicleTypeCode: t(r.vehicleTypeCodeByInsuranceCompany),
      vehicleGroupCode: t(r.vehicleGroupCode),
      usage: t(r.usageNameByNaja),
      usageByInsurer: t(r.usageNameByInsuranceCompany),
      usageCodeByInsurer: t(r.usageCodeByInsuranceCompany),
      usageCodeByCentralInsurance: t(r.usageCodeByCentralInsurance),
      subUsage: t(r.subUsage),
      mainColour: t(r.mainColor),
      secondColour: t(r.secondColor),
      axles: smallCount(read, r.axelNo),
      wheels: smallCount(read, r.wheelNo),
      capacity: smallCount(read, r.capacity),
      cylinders: smallCount(read, r.cylinderNo),
      vin: t(r.vin),
      engineNumber: t(r.engineNumber),
      chassisNumber: t(r.chassisNumber),
      plateInstalledOn: t(r.plateInstallDate),
      insurance: {
        insurerName: t(r.insuranceCompanyTitle),
        insurerCode: t(r.insuranceCompanyCode),
        uniqueCode: t(r.insuranceUniqueCode),
        printNumber: t(r.insurancePrintNumber),
        startsOn: t(r.beginDate),
        endsOn: t(r.endDate),
        discounts: discounts(read, {
          financialYears: r.discountFinancialYearNumber,
          lifeYears: r.discountLifeYearNumber,
          personYears: r.discountPersonYearNumber,
          financialPercent: r.discountFinancialYearPercent,
          lifePercent: r.discountLifeYearPercent,
          personPercent: r.discountPersonYearPercent,
        }),
      },
    };
  }

  async getPlateHistory(plateNumber: string, nationalId: string): Promise<PlateHistoryRecord | null> {
    const answer = await this.upstream.read('vehiclePlateNumberHistoryGet', { query: { nationalId, plateNumber } });
    const read = new RecordReader('vehiclePlateNumberHistoryGet', answer);
    if (isNoData(answer.result)) return null;
    const r = read.object(answer.result);
    return {
      status: read.text(r.plateStatus),
      trace: read.text(r.tracePlate),
      installations: read.list(r.plateHistory, 'plate history').map((item) => {
        const entry = read.object(item, 'plate history entry');
        return {
          vehicleSystem: read.text(entry.vehicleSystem),
          vehicleType: read.text(entry.vehicleType),
          vehicleModel: read.text(entry.vehicleModel),
          installedOn: read.text(entry.installDate),
          detachedOn: read.text(entry.detachDate),
        };
      }),
    };
  }

  /** Tehran traffic-zone charges of a plate, as its owner asks for them. */
  async listTrafficTolls(plateNumber: string, owner: VehicleOwner): Promise<TrafficTollRecord[]> {
    const answer = await this.upstream.read('vehicleTrafficTollInquiryGet', {
      query: { plateNumber, mobile: owner.mobile, nationalId: owner.nationalId },
    });
    const read = new RecordReader('vehicleTrafficTollInquiryGet', answer);
    if (isNoData(answer.result)) return [];
    return read.list(read.object(answer.result).bills, 'traffic tolls').map((item) => {
      const r = read.object(item, 'traffic toll');
      const status = read.text(r.paymentStatus)?.toLowerCase();
      return {
        id: read.text(r.uniqueId),
        amount: read.rial(r.amount, 'toll amount'),
        fee: read.rial(r.fee, 'toll fee'),
        totalAmount: read.rial(r.totalAmount, 'toll total amount'),
        chargedAt: gregorianWallClockToIso(read.text(r.date)),
        paymentStatus: (status && PAYMENT_STATUS[status]) || 'OTHER',
      };
    });
  }

  /** Highway tolls of a plate (ecity group); anyone may ask. */
  async listFreewayTolls(plateNumber: string): Promise<FreewayTollsRecord> {
    const answer = await this.upstream.read('ecityFreewayTollInquiryGet', { query: { plateNumber } });
    const read = new RecordReader('ecityFreewayTollInquiryGet', answer);
    if (isNoData(answer.result)) return { tolls: [], totalAmount: '0' };
    const r = read.object(answer.result);
    return {
      totalAmount: read.rial(r.totalAmount, 'freeway toll total'),
      tolls: read.list(r.bills, 'freeway tolls').map((item) => {
        const bill = read.object(item, 'freeway toll');
        return {
          paymentId: read.text(bill.paymentId),
          amount: read.rial(bill.price, 'freeway toll price'),
          passedAt: gregorianWallClockToIso(read.text(bill.date)),
          gateway: read.text(bill.gateway),
          freeway: read.text(bill.freeway),
        };
      }),
    };
  }

  /** The plate's third-party insurance policy (kyc group); null on a "no data" answer. */
  async getThirdPartyPolicy(plateNumber: string, nationalId: string): Promise<ThirdPartyPolicyRecord | null> {
    const answer = await this.upstream.read('kycThirdPartyInsuranceInquiryGet', {
      query: { nationalCode: nationalId, plateNumber },
    });
    const read = new RecordReader('kycThirdPartyInsuranceInquiryGet', answer);
    if (isNoData(answer.result)) return null;
    const r = read.object(answer.result);
    const t = (value: unknown) => read.text(value);
    const rial = (value: unknown, fallback: unknown, what: string) => read.rial(value ?? fallback, what);
    return {
      policyNumber: t(r.prntPlcyCmpDocNo),
      insurerName: t(r.companyName),
      insurerCode: t(r.companyCode),
      insuredName: t(r.insuranceFullName),
      issuedOn: t(r.issueDate),
      startsOn: t(r.startDate),
      endsOn: t(r.endDate),
      financialCoverage: rial(r.financialCvrCptl, r.fnCvrCptl, 'financial coverage'),
      lifeCoverage: rial(r.lifeCvrCptl, r.lfCvrCptl, 'life coverage'),
      personCoverage: rial(r.personCvrCptl, r.prsnCvrCptl, 'person coverage'),
      financialLossCount: smallCount(read, r.policyFinancialLossCount),
      personLossCount: smallCount(read, r.policyPersonLossCount),
      healthLossCount: smallCount(read, r.policyHealthLossCount),
      lossAmount: read.rial(r.cuntLossAmont, 'loss amount'),
      discounts: discounts(read, {
        financialYears: r.disFnYrNum,
        lifeYears: r.disLfYrNum,
        personYears: r.disPrsnYrNum,
        financialPercent: r.disFnYrPrcnt,
        lifePercent: r.disLfYrPrcnt,
        personPercent: r.disPrsnYrPrcnt,
      }),
      vehicle: {
        system: t(r.systemField) ?? t(r.mapVehicleSystemName),
        type: t(r.typeField) ?? t(r.mapTypNam),
        usage: t(r.usageField) ?? t(r.mapUsageName),
        model: t(r.modelField),
        mainColour: t(r.mainColorField),
        secondColour: t(r.secondColorField),
        capacity: smallCount(read, r.capacityField),
        cylinders: smallCount(read, r.cylinderNumberField ?? r.cylCnt),
        axles: smallCount(read, r.axelNumberField),
        wheels: smallCount(read, r.wheelNumberField),
        engineNumber: t(r.engineNumberField) ?? t(r.mtrNum),
        chassisNumber: t(r.chassisNumberField) ?? t(r.shsNum),
        vin: t(r.vinNumberField) ?? t(r.vin),
      },
      endorsements: endorsements(read, r.edrsJson),
      lastEndorsedOn: t(r.endorseDate),
      lastEndorsementText: t(r.endorseText),
    };
  }

  /** Car offenses of a plate (drivingOffense version 2), as its owner asks for them. */
  async listDrivingOffenses(plateNumber: string, owner: VehicleOwner): Promise<TrafficOffensesRecord> {
    const answer = await this.upstream.read('billingDrivingOffenseGet', {
      query: { version: '2', mobile: owner.mobile, nationalID: owner.nationalId, plateNumber },
    });
    const read = new RecordReader('billingDrivingOffenseGet', answer);
    if (isNoData(answer.result)) return { offenses: [], totalAmount: '0' };
    const r = read.object(answer.result);
    const offenses = read.list(r.Bills, 'offenses').flatMap((item) => {
      const bill = read.object(item, 'offense');
      const id = read.text(bill.id);
      if (id === null) return [];
      return [
        {
          id,
          type: read.text(bill.type),
          description: read.text(bill.description),
          code: read.text(bill.code),
          amount: read.rial(bill.price, 'offense price'),
          city: read.text(bill.city),
          location: read.text(bill.location),
          occurredAt: read.text(bill.date),
          recordedAt: gregorianWallClockToIso(read.text(bill.normalizedDate)),
          plateSerial: read.text(bill.serial),
          plateText: read.text(bill.license),
          billId: read.text(bill.billId),
          paymentId: read.text(bill.paymentId),
          barcode: read.text(bill.barcode),
          payable: flag(read, bill.isPayable),
          policemanCode: read.text(bill.policemanCode),
          hasImage: flag(read, bill.hasImage) === true,
        },
      ];
    });
    return { offenses, totalAmount: read.rial(r.TotalAmount, 'offenses total amount') };
  }

  async getOffenseImage(offenseId: string): Promise<TrafficOffenseImageRecord> {
    const answer = await this.upstream.read('billingTrafficOffenseImageGet', { query: { offenseId } });
    const read = new RecordReader('billingTrafficOffenseImageGet', answer);
    const r = read.object(answer.result);
    return {
      offenseId: read.text(r.OffenseId),
      plateImageUrl: read.text(r.PlateImageUrl),
      vehicleImageUrl: read.text(r.VehicleImageUrl),
    };
  }

  /** Motorcycle offenses of an 8-digit plate: one summary object. */
  async getRidingOffenses(plateNumber: string, owner: VehicleOwner): Promise<MotorcycleOffensesRecord | null> {
    const answer = await this.upstream.read('billingRidingOffenseGet', {
      query: { plateNumber, nationalID: owner.nationalId, mobile: owner.mobile },
    });
    const read = new RecordReader('billingRidingOffenseGet', answer);
    if (isNoData(answer.result)) return null;
    const r = read.object(answer.result);
    return {
      amount: read.rial(r.Amount, 'riding offense amount'),
      billId: read.text(r.BillID),
      paymentId: read.text(r.PaymentID),
      complaintCode: read.text(r.ComplaintCode),
      complaintStatus: read.text(r.ComplaintStatus),
      plateNumber: read.text(r.PlateNumber),
    };
  }

  /** A person's driving licences; `mobile` must be the person's. The client puts the mandatory trackId in the query. */
  async checkDrivingLicences(nationalId: string, mobile: string): Promise<DrivingLicenceCheckRecord> {
    const answer = await this.upstream.read('kycLicenseCheckInquiryPost', { body: { nationalID: nationalId, mobile } });
    const read = new RecordReader('kycLicenseCheckInquiryPost', answer);
    if (isNoData(answer.result)) return { statusCode: null, statusDescription: null, licences: [] };
    const r = read.object(answer.result);
    const status =
      r.licenseStatus === undefined || r.licenseStatus === null ? {} : read.object(r.licenseStatus, 'licence status');
    return {
      statusCode: read.text(status.code),
      statusDescription: read.text(status.description),
      licences: read.list(r.licenses, 'licences').map((item) => {
        const licence = read.object(item, 'licence');
        return {
          number: read.text(licence.licenseNumber),
          type: read.text(licence.licenseType),
          status: read.text(licence.licenseStatus),
          barcode: read.text(licence.barCode),
          issuedAt: gregorianWallClockToIso(read.text(licence.issueDate)),
          validityPeriod: read.text(licence.licenseValidityPeriod),
          firstName: read.text(licence.firstname),
          lastName: read.text(licence.lastname),
          nationalId: read.text(licence.nationalCode),
        };
      }),
    };
  }

  /** The driver risk score of a person; `birthDate` is Jalali `YYYY/MM/DD`. */
  async getDriverRiskScore(nationalId: string, birthDate: string): Promise<number | null> {
    const answer = await this.upstream.read('kycDriversRiskInquiryGet', {
      query: { nationalCode: nationalId, birthDate },
    });
    const read = new RecordReader('kycDriversRiskInquiryGet', answer);
    if (isNoData(answer.result)) return null;
    return decimal(read, read.object(answer.result).score);
  }

  async getNegativeScore(input: {
    licenceNumber: string;
    nationalId: string;
    mobile: string;
  }): Promise<NegativeScoreRecord> {
    const answer = await this.upstream.read('billingNegativeScoreGet', {
      query: { licenseNumber: input.licenceNumber, nationalID: input.nationalId, mobile: input.mobile },
    });
    const read = new RecordReader('billingNegativeScoreGet', answer);
    const r = read.object(answer.result);
    const rule = read.text(r.Rule);
    return {
      licenceNumber: read.text(r.LicenseNumber) ?? input.licenceNumber,
      points: read.count(r.NegativeScore, 'negative score'),
      offenseCount: read.count(r.OffenseCount, 'offense count'),
      rule: rule === '-' ? null : rule,
    };
  }
}
