import { JOINT_HOLDER, SANDBOX_OTP } from '../fixtures/sandbox.js';
import { dataOf } from '../helpers/responses.js';
import type { DocumentedOperation } from './support.js';

/** A man born before 1368, so his record carries a birth-certificate number. */
const PERSON = JOINT_HOLDER;

const START = `mutation { startMobileOwnershipCheck(input: { nationalId: "${PERSON.nationalId}", mobile: "${PERSON.mobile}" }) {
  checkId expiresAt } }`;

const startCheck = async (h: Parameters<DocumentedOperation['run']>[0]) =>
  dataOf(await h.gql<{ startMobileOwnershipCheck: { checkId: string } }>(START));

export const peopleOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'facilityCcNidInquiryGet',
    run: async (h) =>
      dataOf(
        await h.gql(`{ person(nationalId: "${PERSON.nationalId}") { identity(birthDate: "${PERSON.birthDate}") {
          nationalId firstName lastName fatherName birthDate { jalali } gender alive identityNumber identitySeries
          identitySerial issuingOffice issuingOfficeCode operationStatus trackingCode } } }`),
      ),
    inputs: ['nid', 'birthDate'],
    fields: {
      nationalId: 'person.identity.nationalId',
      firstName: 'person.identity.firstName',
      lastName: 'person.identity.lastName',
      fatherName: 'person.identity.fatherName',
      birthDate: 'person.identity.birthDate.jalali',
      gender: {
        path: 'person.identity.gender',
        as: 'the registry word مرد (man) or زن (woman), or M/F, as the enum MALE/FEMALE',
      },
      deathStatus: {
        path: 'person.identity.alive',
        as: 'the registry word زنده (alive) as true and مرده (dead) as false',
      },
      identityNo: 'person.identity.identityNumber',
      identitySeri: 'person.identity.identitySeries',
      identitySerial: 'person.identity.identitySerial',
      officeName: 'person.identity.issuingOffice',
      officeCode: 'person.identity.issuingOfficeCode',
      operationStatus: 'person.identity.operationStatus',
      trackingCode: 'person.identity.trackingCode',
    },
  },
  {
    operationId: 'facilityShahkarSmsSendGet',
    run: startCheck,
    inputs: ['mobile', 'nationalCode', 'version'],
    fields: {
      smsSent: {
        path: 'startMobileOwnershipCheck.checkId',
        as: 'true as a challenge returned (its `checkId` set); any other answer fails the mutation and returns none',
      },
    },
  },
  {
    operationId: 'facilityShahkarSmsVerifyGet',
    run: async (h) => {
      const { checkId } = (await startCheck(h)).startMobileOwnershipCheck;
      return dataOf(
        await h.gql(`mutation { completeMobileOwnershipCheck(input: { checkId: "${checkId}", otp: "${SANDBOX_OTP}" }) {
          ... on MobileOwnershipChecked { matches } } }`),
      );
    },
    inputs: ['otpTrackId', 'otp'],
    fields: { isValid: 'completeMobileOwnershipCheck.matches' },
  },
];
