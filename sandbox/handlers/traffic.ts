/**
 * The driving operations of the billing and kyc groups, answered from the fictional world (wire facts
 * §4.5, §4.2): car offenses with capitalised `Bills` / `TotalAmount`, offense camera images, the
 * single-object motorcycle answer, driving licences (trackId mandatory) and the driver risk score.
 */
import { driverRiskOf, licencesOf } from '../world/driving.js';
import { motorcycleFinesOf, offenseById, offensesOf } from '../world/traffic.js';
import { plateTextOf } from '../world/plates.js';
import {
  BIRTH_DATE_MISMATCH,
  answering,
  birthDateParam,
  bodyFields,
  guarded,
  mobileParam,
  personParam,
  reject,
  requireTrackId,
} from './inputs.js';
import { done, fail, type OperationHandlers } from './types.js';
import { NOT_THEIR_MOBILE, ownedMotorcycle, ownedPlateWithMobile } from './vehicleOwner.js';

const IMAGE_BASE = 'https://images.traffic.sandbox.invalid/offenses';

export const TRAFFIC_HANDLERS = {
  billingDrivingOffenseGet: answering(({ query }) => {
    if (query['version'] !== undefined && query['version'] !== '2') reject('invalid version');
    const plate = ownedPlateWithMobile(query, 'nationalID');
    const offenses = offensesOf(plate).map((offense) => ({
      ...offense,
      serial: plate,
      dataValue: null,
      barcode: `${offense.billId}${offense.paymentId}`,
      license: plateTextOf(plate),
    }));
    return { Bills: offenses, TotalAmount: offenses.reduce((sum, offense) => sum + offense.price, 0) };
  }),

  billingTrafficOffenseImageGet: guarded(({ query }) => {
    const offenseId = query['offenseId'];
    if (!offenseId || !/^\d+$/.test(offenseId)) reject('invalid offenseId');
    const offense = offenseById(offenseId);
    if (!offense?.hasImage) return fail({ status: 404, code: 'NOT_FOUND', message: 'تصویری برای این تخلف یافت نشد' });
    return done({
      OffenseId: offenseId,
      PlateImageUrl: `${IMAGE_BASE}/${offenseId}/plate.jpg`,
      VehicleImageUrl: `${IMAGE_BASE}/${offenseId}/vehicle.jpg`,
    });
  }),

  billingRidingOffenseGet: answering(({ query }) => motorcycleFinesOf(ownedMotorcycle(query))),

  kycLicenseCheckInquiryPost: guarded((request) => {
    requireTrackId(request);
    const { nationalID, mobile } = bodyFields(request.body, ['nationalID', 'mobile']);
    const person = personParam(nationalID, 'nationalID');
    if (mobileParam(mobile) !== person.mobile) reject(NOT_THEIR_MOBILE);
    const licences = licencesOf(person.nationalId);
    return done({
      licenses: licences.map((licence) => ({
        ...licence,
        firstname: person.firstName,
        lastname: person.lastName,
        nationalCode: person.nationalId,
      })),
      licenseStatus:
        licences.length > 0
          ? { code: 'G00000', description: 'عملیات با موفقیت انجام شد' }
          : { code: 'G00010', description: 'گواهینامه ای برای این شخص یافت نشد' },
    });
  }),

  kycDriversRiskInquiryGet: answering(({ query }) => {
    const person = personParam(query['nationalCode'], 'nationalCode');
    const birthDate = birthDateParam(query['birthDate']);
    const personType = query['personType'];
    if (personType !== undefined && personType !== '1' && personType !== '2') reject('invalid personType');
    // Designed: agentCode, documented without a format, is 1 to 20 letters or digits.
    const agentCode = query['agentCode'];
    if (agentCode !== undefined && !/^[A-Za-z0-9]{1,20}$/.test(agentCode)) reject('invalid agentCode');
    if (birthDate !== person.birthDate) reject(BIRTH_DATE_MISMATCH);
    const score = driverRiskOf(person.nationalId);
    return score === null ? { result: 110, message: 'اطلاعاتی برای این راننده یافت نشد' } : { score };
  }),
} as const satisfies OperationHandlers;
