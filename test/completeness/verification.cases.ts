import { COMPANY_SAMPLES, JOINT_HOLDER, nationalCardSerialOf, personOf } from '../fixtures/sandbox.js';
import { smsConsent, withHandle } from '../consent/support.js';
import type { Harness } from '../helpers/harness.js';
import { dataOf } from '../helpers/responses.js';
import { jpeg, mp4, png } from '../verification/files.js';
import type { DocumentedOperation, Reshaped } from './support.js';

/**
 * A man born in 1356 (Shahab needs his birth-certificate number) who owes taxes, holds a passport and
 * has a passport request pending, so every documented field of his inquiries carries a value.
 */
const PERSON = personOf('1000000060');
const NID = PERSON.nationalId;
const BIRTH = PERSON.birthDate;
const NOT_HIS_BIRTH = '1370/01/01';
const GENDER = PERSON.gender === 'مرد' ? 'MALE' : 'FEMALE';
const SERIAL = nationalCardSerialOf(NID);

const base64 = (file: Buffer): string => file.toString('base64');

/** `selection` of `person(nationalId: NID)`, with the consent of `handle` when given. */
async function person(h: Harness, selection: string, handle?: string): Promise<unknown> {
  return dataOf(
    await h.gql(
      `{ person(nationalId: "${NID}") { nationalId ${selection} } }`,
      undefined,
      handle === undefined ? undefined : withHandle(handle),
    ),
  );
}

/** An SMS consent of PERSON to `scope`. */
const consentTo = (h: Harness, scope: string): Promise<string> => smsConsent(h.gql, NID, [scope]);

/** The registry's gender word at `path`, given as the graph's enum. */
const gender = (path: string): Reshaped => ({
  path,
  as: 'the registry word مرد (man) or زن (woman), or M/F, as the enum MALE/FEMALE',
});

/** The registry's death status at `path`, given as a yes or no. */
const alive = (path: string): Reshaped => ({
  path,
  as: 'the registry word زنده (alive) as true and مرده (dead) as false',
});

const IDENTITY_MATCH = `fullNameSimilarity firstNameSimilarity lastNameSimilarity fatherNameSimilarity genderSimilarity
  alive description trackingCode birthDate { jalali } fullName firstName lastName fatherName gender status`;

/** Every claimed detail, with his birth date and with one that is not (the registry then finds no record). */
const claims = (birthDate: string): string =>
  `birthDate: "${birthDate}", fullName: "${PERSON.firstName} ${PERSON.lastName}", firstName: "${PERSON.firstName}",
   lastName: "${PERSON.lastName}", fatherName: "${PERSON.fatherName}", gender: ${GENDER}`;

/** The fields of a national id verification (cc and SMS alike), read at `field` of the person. */
const identityMatchFields = (field: string): DocumentedOperation['fields'] => ({
  // The national id asked about, which the person is reached by.
  nationalCode: 'person.nationalId',
  birthDate: `person.${field}.birthDate.jalali`,
  status: `person.${field}.status`,
  fullName: `person.${field}.fullName`,
  fullNameSimilarity: `person.${field}.fullNameSimilarity`,
  firstName: `person.${field}.firstName`,
  firstNameSimilarity: `person.${field}.firstNameSimilarity`,
  lastName: `person.${field}.lastName`,
  lastNameSimilarity: `person.${field}.lastNameSimilarity`,
  fatherName: `person.${field}.fatherName`,
  fatherNameSimilarity: `person.${field}.fatherNameSimilarity`,
  gender: gender(`person.${field}.gender`),
  genderSimilarity: `person.${field}.genderSimilarity`,
  deathStatus: alive(`person.${field}.alive`),
  description: `person.${field}.description`,
  trackingCode: `person.${field}.trackingCode`,
});

const IDENTITY_MATCH_INPUTS = ['nid', 'birthDate', 'fullName', 'firstName', 'lastName', 'fatherName', 'gender'];

const CIVIL_IDENTITY = `nationalId firstName lastName fatherName birthDate { jalali } gender alive identityNumber
  identitySeries identitySerial issuingOffice issuingOfficeCode operationStatus trackingCode`;

/** The fields of a civil-registry record (identificationInquiry, nidInquiry), read at `field` of the person. */
const civilIdentityFields = (field: string): DocumentedOperation['fields'] => ({
  nationalId: `person.${field}.nationalId`,
  firstName: `person.${field}.firstName`,
  lastName: `person.${field}.lastName`,
  fatherName: `person.${field}.fatherName`,
  birthDate: `person.${field}.birthDate.jalali`,
  gender: gender(`person.${field}.gender`),
  deathStatus: alive(`person.${field}.alive`),
  identityNo: `person.${field}.identityNumber`,
  identitySeri: `person.${field}.identitySeries`,
  identitySerial: `person.${field}.identitySerial`,
  officeName: `person.${field}.issuingOffice`,
  officeCode: `person.${field}.issuingOfficeCode`,
  operationStatus: `person.${field}.operationStatus`,
  trackingCode: `person.${field}.trackingCode`,
});

const SHAHAB = 'code confirmed firstName lastName fatherName gender birthDate { jalali } identityNumber';

/** The fields of a Shahab inquiry (cc and SMS alike), read at `field` of the person. */
const shahabFields = (field: string): DocumentedOperation['fields'] => ({
  // The national id asked about, which the person is reached by.
  nid: 'person.nationalId',
  birthDate: { path: `person.${field}.birthDate.jalali`, as: 'the Jalali date YYYYMMDD written YYYY/MM/DD' },
  shahabCode: `person.${field}.code`,
  identityNo: `person.${field}.identityNumber`,
  firstName: `person.${field}.firstName`,
  lastName: `person.${field}.lastName`,
  fatherName: `person.${field}.fatherName`,
  gender: gender(`person.${field}.gender`),
  isConfirmed: { path: `person.${field}.confirmed`, as: 'the flag Y/N (or true/false) as true/false' },
});

/** The civil registry: identity records and matches, life status, Shahab codes. */
export const civilRegistryOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'kycIdentificationInquiryGet',
    run: (h) => person(h, `civilRegistry(birthDate: "${BIRTH}") { ${CIVIL_IDENTITY} }`),
    inputs: ['nationalCode', 'birthDate'],
    fields: civilIdentityFields('civilRegistry'),
  },
  {
    operationId: 'facilitySmsNidInquiryGet',
    run: async (h) =>
      person(
        h,
        `identityConfirmedBySms(birthDate: "${BIRTH}") { ${CIVIL_IDENTITY} }`,
        await consentTo(h, 'facility:sms-nid-inquiry:get'),
      ),
    inputs: ['nid', 'birthDate'],
    fields: civilIdentityFields('identityConfirmedBySms'),
  },
  {
    operationId: 'facilityCcNidVerificationGet',
    run: async (h) => [
      await person(h, `identityMatch(${claims(BIRTH)}) { ${IDENTITY_MATCH} }`),
      await person(h, `identityMatch(${claims(NOT_HIS_BIRTH)}) { ${IDENTITY_MATCH} }`),
    ],
    inputs: IDENTITY_MATCH_INPUTS,
    fields: identityMatchFields('identityMatch'),
  },
  {
    operationId: 'kycSmsNidVerificationGet',
    run: async (h) => {
      const handle = await consentTo(h, 'kyc:sms-nid-verification:get');
      return [
        await person(h, `identityMatchConfirmedBySms(${claims(BIRTH)}) { ${IDENTITY_MATCH} }`, handle),
        await person(h, `identityMatchConfirmedBySms(${claims(NOT_HIS_BIRTH)}) { ${IDENTITY_MATCH} }`, handle),
      ];
    },
    inputs: IDENTITY_MATCH_INPUTS,
    fields: identityMatchFields('identityMatchConfirmedBySms'),
  },
  {
    operationId: 'kycDeathStatusInquiryGet',
    run: (h) => person(h, `lifeStatus(birthDate: "${BIRTH}") { alive trackingCode }`),
    inputs: ['nationalCode', 'birthDate'],
    fields: { deathStatus: alive('person.lifeStatus.alive'), trackingCode: 'person.lifeStatus.trackingCode' },
  },
  {
    operationId: 'oakShahabInquiryGet',
    run: (h) => person(h, `shahab(birthDate: "${BIRTH}", identityNumber: "${PERSON.identityNo}") { ${SHAHAB} }`),
    inputs: ['nid', 'birthDate', 'identityNo'],
    fields: shahabFields('shahab'),
  },
  {
    operationId: 'oakSmsShahabInquiryGet',
    run: async (h) =>
      person(
        h,
        `shahabConfirmedBySms(birthDate: "${BIRTH}", identityNumber: "${PERSON.identityNo}") { ${SHAHAB} }`,
        await consentTo(h, 'oak:sms-shahab-inquiry:get'),
      ),
    inputs: ['nid', 'birthDate', 'identityNo'],
    fields: shahabFields('shahabConfirmedBySms'),
  },
];

/** Registries of a person: military service, the blacklist, passports, Sana, taxes, the national card photo. */
export const registryOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'kycMilitaryInquiryGet',
    run: (h) => person(h, 'militaryService { allowed condition caseType description conversationId }'),
    inputs: ['nationalCode'],
    fields: {
      conversationId: 'person.militaryService.conversationId',
      type: 'person.militaryService.caseType',
      condition: 'person.militaryService.condition',
      conditionDescription: 'person.militaryService.description',
      isAllowed: 'person.militaryService.allowed',
    },
  },
  {
    operationId: 'oakBlacklistInquiryGet',
    run: (h) => person(h, 'bankBlacklist { blocked message }'),
    inputs: ['nid'],
    fields: {
      isBlocked: 'person.bankBlacklist.blocked',
      // The national id asked about, which the person is reached by.
      nid: 'person.nationalId',
      message: 'person.bankBlacklist.message',
    },
  },
  {
    operationId: 'kycPassportInquiryPost',
    run: (h) =>
      person(
        h,
        `passport(mobile: "${PERSON.mobile}") {
          hasPassport number serial status issuedOn validUntil pendingRequest requestDescription requestedOn }`,
      ),
    inputs: ['nationalCode', 'mobile'],
    fields: {
      passportRequest: 'person.passport.pendingRequest',
      requestDescription: 'person.passport.requestDescription',
      requestDate: 'person.passport.requestedOn',
      passportSerial: 'person.passport.serial',
      hasPassport: 'person.passport.hasPassport',
      passportNumber: 'person.passport.number',
      issueDate: 'person.passport.issuedOn',
      validityDate: 'person.passport.validUntil',
      passportStatus: 'person.passport.status',
    },
  },
  {
    operationId: 'kycCcSanaInquiryGet',
    variant: 'a person, by national id',
    run: (h) => person(h, 'sanaRegistration { registered message }'),
    inputs: ['nationalCode', 'identificationCodeType'],
    fields: { registered: 'person.sanaRegistration.registered', message: 'person.sanaRegistration.message' },
  },
  {
    operationId: 'kycCcSanaInquiryGet',
    variant: 'a company, by legal id',
    run: async (h) =>
      dataOf(
        await h.gql(
          `{ company(nationalId: "${COMPANY_SAMPLES.active.nationalId}") { sanaRegistration { registered message } } }`,
        ),
      ),
    inputs: ['nationalCode', 'identificationCodeType'],
    fields: { registered: 'company.sanaRegistration.registered', message: 'company.sanaRegistration.message' },
  },
  {
    operationId: 'kycCcSanaInquiryGet',
    variant: 'any identification code',
    run: async (h) =>
      dataOf(
        await h.gql(`{ sanaRegistration(identificationCode: "${JOINT_HOLDER.nationalId}", identificationType: NATIONAL_ID) {
          registered message } }`),
      ),
    inputs: ['nationalCode', 'identificationCodeType'],
    fields: { registered: 'sanaRegistration.registered', message: 'sanaRegistration.message' },
  },
  {
    operationId: 'kycSmsTaxInquiryGet',
    run: async (h) =>
      person(
        h,
        'taxDebts { taxType period amount dueDate { jalali } status }',
        await consentTo(h, 'kyc:sms-tax-Inquiry:get'),
      ),
    inputs: ['nationalCode'],
    fields: {
      // The national id asked about, which the person is reached by.
      nationalCode: 'person.nationalId',
      'debts[].taxType': 'person.taxDebts.taxType',
      'debts[].period': 'person.taxDebts.period',
      'debts[].amount': 'person.taxDebts.amount',
      'debts[].dueDate': 'person.taxDebts.dueDate.jalali',
      'debts[].status': 'person.taxDebts.status',
    },
  },
  {
    operationId: 'facilityNationalCardImageGet',
    run: (h) => person(h, `nationalCardImage(birthDate: "${BIRTH}") { contentType base64 }`),
    inputs: ['nationalCode', 'birthDate'],
    fields: {
      // The national id asked about, which the person is reached by.
      nationalCode: 'person.nationalId',
      image: 'person.nationalCardImage.base64',
      contentType: 'person.nationalCardImage.contentType',
    },
  },
];

/** Whether a mobile, a card or an IBAN is a person's. */
export const ownershipOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'facilityShahkarVerifyGet',
    run: (h) => person(h, `ownsMobile(mobile: "${PERSON.mobile}")`),
    inputs: ['mobile', 'nationalCode'],
    fields: { isValid: 'person.ownsMobile' },
  },
  {
    operationId: 'kycCardOwnerVerificationPost',
    run: async (h) =>
      dataOf(
        await h.gql(
          `{ card(number: "${JOINT_HOLDER.account.card}") { ownedBy(nationalId: "${JOINT_HOLDER.nationalId}") } }`,
        ),
      ),
    inputs: ['card', 'nid'],
    fields: { isValid: 'card.ownedBy' },
  },
  {
    operationId: 'kycMobileCardVerificationPost',
    run: async (h) =>
      dataOf(
        await h.gql(
          `{ card(number: "${JOINT_HOLDER.account.card}") { belongsToMobileOwner(mobile: "${JOINT_HOLDER.mobile}") } }`,
        ),
      ),
    inputs: ['mobile', 'card'],
    fields: { isValid: 'card.belongsToMobileOwner' },
  },
  {
    operationId: 'kycIbanOwnerVerificationGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          `{ account(iban: "${JOINT_HOLDER.account.iban}") { ownership(nationalId: "${JOINT_HOLDER.nationalId}") } }`,
        ),
      ),
    // The wire facts infer an optional `birthDate` here; the graph sends a birth date to the birth-date
    // variant below, which the upstream documents for that check.
    inputs: ['iban', 'nid'],
    fields: { isValid: 'account.ownership' },
  },
  {
    operationId: 'kycIbanOwnerBirthdateVerificationGet',
    run: async (h) =>
      dataOf(
        await h.gql(`{ account(iban: "${JOINT_HOLDER.account.iban}") {
          ownership(nationalId: "${JOINT_HOLDER.nationalId}", birthDate: "${JOINT_HOLDER.birthDate}") } }`),
      ),
    inputs: ['iban', 'nid', 'birthDate'],
    fields: { isValid: 'account.ownership' },
  },
];

const VIDEO = base64(mp4('completeness-video'));
const PHOTO = base64(jpeg('completeness-photo'));

/** The uploads (multipart forms): videos and photos against the national card, two photos, OCR. */
export const mediaOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'kycCompareLiveVideoWithNationalCardPost',
    run: (h) =>
      person(
        h,
        `liveVideoMatch(video: "${VIDEO}", birthDate: "${BIRTH}", cardSerial: "${SERIAL}", speechText: "سلام من ${PERSON.firstName} هستم") {
          faceMatchPercentage livenessScore speechSimilarityPercentage printLivenessScore replayLivenessScore trackingCode }`,
      ),
    inputs: ['video', 'nationalCode', 'birthDate', 'serialNumber', 'speechText'],
    fields: {
      faceVerification: 'person.liveVideoMatch.faceMatchPercentage',
      liveness: 'person.liveVideoMatch.livenessScore',
      speechSimilarity: {
        path: 'person.liveVideoMatch.speechSimilarityPercentage',
        as: 'a score from 0 to 1 as a percentage (times 100, to two decimals); one above 1 taken as a percentage already',
      },
      printLiveness: 'person.liveVideoMatch.printLivenessScore',
      replayLiveness: 'person.liveVideoMatch.replayLivenessScore',
      trackingCode: 'person.liveVideoMatch.trackingCode',
    },
  },
  {
    operationId: 'kycCompareVideoWithNationalCardImagePost',
    run: (h) =>
      person(
        h,
        `videoMatch(video: "${VIDEO}", birthDate: "${BIRTH}", cardSerial: "${SERIAL}") { faceMatchPercentage trackingCode }`,
      ),
    inputs: ['video', 'nationalCode', 'birthDate', 'serialNumber'],
    fields: {
      faceVerification: 'person.videoMatch.faceMatchPercentage',
      trackingCode: 'person.videoMatch.trackingCode',
    },
  },
  {
    operationId: 'kycCompareLiveImageWithNationalCardPost',
    run: (h) =>
      person(
        h,
        `photoMatch(image: "${PHOTO}", birthDate: "${BIRTH}", cardSerial: "${SERIAL}", threshold: 85) {
          verified score threshold message trackingCode }`,
      ),
    inputs: ['liveImage', 'nationalCode', 'birthDate', 'serialNumber', 'threshold'],
    fields: {
      message: 'person.photoMatch.message',
      verificationScore: 'person.photoMatch.score',
      verificationThreshold: 'person.photoMatch.threshold',
      isVerified: 'person.photoMatch.verified',
      trackingCode: 'person.photoMatch.trackingCode',
    },
  },
  {
    operationId: 'kycCompareTwoImagesPost',
    run: async (h) =>
      dataOf(
        await h.gql(`{ faceComparison(image: "${PHOTO}", otherImage: "${base64(png('completeness-other'))}", threshold: 85) {
          verified score threshold message } }`),
      ),
    inputs: ['liveImage', 'personImage', 'threshold'],
    fields: {
      message: 'faceComparison.message',
      verificationScore: 'faceComparison.score',
      verificationThreshold: 'faceComparison.threshold',
      isVerified: 'faceComparison.verified',
    },
  },
  {
    operationId: 'kycOcrPost',
    run: async (h) =>
      dataOf(
        await h.gql(`{
          front: nationalCardScan(side: FRONT, image: "${PHOTO}") {
            side nationalId firstName lastName fatherName birthDate { jalali } expiresOn { jalali } }
          back: nationalCardScan(side: BACK, image: "${PHOTO}") { side serial }
        }`),
      ),
    inputs: ['cardImage', 'type'],
    fields: {
      nationalCode: 'front.nationalId',
      firstName: 'front.firstName',
      lastName: 'front.lastName',
      fatherName: 'front.fatherName',
      birthDate: 'front.birthDate.jalali',
      expirationDate: 'front.expiresOn.jalali',
      serial: 'back.serial',
      docType: {
        notInGraph:
          'the side read (`national-card-front` or `national-card-back`), which only echoes the `side` the caller asked for; the graph gives that side as asked',
      },
    },
  },
];
