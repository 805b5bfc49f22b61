import { gregorianWallClockToIso } from '../lib/gregorianWallClock.js';
import { plateNumberFromText } from '../validation/plates.js';
import { RecordReader } from './read.js';
import { flag } from './readers.js';
import type { UpstreamAccess } from './requestUpstream.js';
import type {
  FreewayTollsRecord,
  OwnershipCheckRecord,
  PlateHistoryRecord,
  PlateRegistrationRecord,
  ThirdPartyPolicyRecord,
  TollPaymentStatus,
  TrafficTollRecord,
  VehicleDetailsRecord,
} from './types/vehicles.js';
import { discounts, endorsements, isNoData, smallCount } from './vehicleReaders.js';

/** The owner a vehicle inquiry is made for: the upstream answers only the plate's owner. */
export interface VehicleOwner {
  readonly nationalId: string;
  readonly mobile: string;
}

const PAYMENT_STATUS: Readonly<Record<string, TollPaymentStatus>> = { unpaid: 'UNPAID', paid: 'PAID' };

/** The datasource of the vehicle group: plates, ownership, vehicle records and tolls, and the third-party insurance policy of a plate. */
export class VehicleAPI {
  constructor(protected readonly upstream: UpstreamAccess) {}

  /** The plates registered to a person; `mobile` must be the person's. */
  async listActivePlates(nationalId: string, mobile: string): Promise<PlateRegistrationRecord[]> {
    const answer = await this.upstream.read('vehicleActivePlateNumbersGet', { query: { nationalId, mobile } });
    const read = new RecordReader('vehicleActivePlateNumbersGet', answer);
    if (isNoData(read, answer.result)) return [];
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
    if (isNoData(read, answer.result)) return null;
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
    if (isNoData(read, answer.result)) return null;
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
    if (isNoData(read, answer.result)) return [];
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
    if (isNoData(read, answer.result)) return { tolls: [], totalAmount: '0' };
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
    if (isNoData(read, answer.result)) return null;
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
}
