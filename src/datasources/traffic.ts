import { gregorianWallClockToIso } from '../lib/gregorianWallClock.js';
import { RecordReader } from './read.js';
import { flag } from './readers.js';
import type { UpstreamAccess } from './requestUpstream.js';
import type {
  DrivingLicenceCheckRecord,
  MotorcycleOffensesRecord,
  TrafficOffenseImageRecord,
  TrafficOffensesRecord,
} from './types/vehicles.js';
import type { VehicleOwner } from './vehicle.js';
import { decimal, isNoData } from './vehicleReaders.js';

/**
 * The driving operations of the billing and kyc groups: traffic offenses of cars and motorcycles,
 * offense camera images, driving licences and the driver risk score.
 */
export class TrafficAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  /** Car offenses of a plate (drivingOffense version 2), as its owner asks for them. */
  async listDrivingOffenses(plateNumber: string, owner: VehicleOwner): Promise<TrafficOffensesRecord> {
    const answer = await this.upstream.read('billingDrivingOffenseGet', {
      query: { version: '2', mobile: owner.mobile, nationalID: owner.nationalId, plateNumber },
    });
    const read = new RecordReader('billingDrivingOffenseGet', answer);
    if (isNoData(read, answer.result)) return { offenses: [], totalAmount: '0' };
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
    if (isNoData(read, answer.result)) return null;
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
    if (isNoData(read, answer.result)) return { statusCode: null, statusDescription: null, licences: [] };
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
    if (isNoData(read, answer.result)) return null;
    return decimal(read, read.object(answer.result).score);
  }
}
