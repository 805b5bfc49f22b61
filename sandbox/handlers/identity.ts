/** The civil-registry operations: nidInquiry, identificationInquiry, nidVerification, deathStatus, Shahab (wire facts §4.2). */
import { Dice } from '../world/dice.js';
import type { Citizen } from '../world/persons.js';
import { shahabCodeOf, trackingCodeOf } from '../world/records.js';
import { nameSimilarity } from '../world/similarity.js';
import { BIRTH_DATE_MISMATCH, answering, birthDateParam, personParam, reject } from './inputs.js';

function identityRecord(person: Citizen, service: string) {
  return {
    nationalId: person.nationalId,
    firstName: person.firstName,
    lastName: person.lastName,
    fatherName: person.fatherName,
    birthDate: person.birthDate,
    gender: person.gender,
    deathStatus: person.deathStatus,
    identityNo: person.identityNo,
    identitySeri: person.identitySeri,
    identitySerial: person.identitySerial,
    officeName: person.officeName,
    officeCode: officeCodeOf(person.officeName),
    operationStatus: 'DONE',
    trackingCode: trackingCodeOf(service, person.nationalId),
  };
}

/** Designed: the registry's 4-digit code of an office, the same for every person it registered. */
const officeCodeOf = (officeName: string): string => String(new Dice(`office|${officeName}`).int(1000, 9999));

type IdentityRecord = ReturnType<typeof identityRecord>;

/** identificationInquiry's answer when the birth date is not the person's: every field null. */
const nullRecord = (record: IdentityRecord) =>
  Object.fromEntries(Object.keys(record).map((key) => [key, null])) as { [K in keyof IdentityRecord]: null };

export const identificationInquiry = answering(({ query }) => {
  const person = personParam(query['nationalCode'], 'nationalCode');
  const birthDate = birthDateParam(query['birthDate']);
  const record = identityRecord(person, 'identification');
  // The registry answers a wrong birth date with an empty record (wire facts §4.2: nationalId null).
  return birthDate === person.birthDate ? record : nullRecord(record);
});

/**
 * nidInquiry (cc and sms) is documented nowhere but by path. Designed: the identificationInquiry record
 * for the national id of the path, and a birth date that is not the person's is a 400.
 */
export const nidInquiry = answering(({ params, query }) => {
  const person = personParam(params['nid'], 'nid');
  if (birthDateParam(query['birthDate']) !== person.birthDate) reject(BIRTH_DATE_MISMATCH);
  return identityRecord(person, 'nid-inquiry');
});

const NAME_FIELDS = ['fullName', 'firstName', 'lastName', 'fatherName'] as const;
type NameField = (typeof NAME_FIELDS)[number];

function recorded(person: Citizen, field: NameField): string {
  return field === 'fullName' ? `${person.firstName} ${person.lastName}` : person[field];
}

/**
 * nidVerification: each name field sent comes back with its similarity to the record; fields not
 * sent come back null. A birth date that is not the person's finds no record: similarities 0 and a
 * `description`.
 */
export const nidVerification = answering(({ params, query }) => {
  const person = personParam(params['nid'], 'nid');
  const birthDate = birthDateParam(query['birthDate']);
  if (!['fullName', 'firstName', 'lastName'].some((name) => query[name])) {
    reject('at least one of fullName, firstName and lastName is required');
  }
  const gender = query['gender'] || undefined;
  if (gender !== undefined && gender !== 'مرد' && gender !== 'زن') reject('invalid gender');
  const found = birthDate === person.birthDate;
  const names: Record<string, string | number | null> = {};
  for (const field of NAME_FIELDS) {
    const sent = query[field] || undefined;
    names[field] = sent ?? null;
    names[`${field}Similarity`] = sent === undefined ? null : found ? nameSimilarity(sent, recorded(person, field)) : 0;
  }
  return {
    nationalCode: person.nationalId,
    birthDate,
    status: 'DONE',
    ...names,
    gender: gender ?? null,
    genderSimilarity: gender === undefined ? null : found && gender === person.gender ? 100 : 0,
    deathStatus: found ? person.deathStatus : null,
    ...(found ? {} : { description: 'رکوردی یافت نشد' }),
    trackingCode: trackingCodeOf('nid-verification', `${person.nationalId}|${birthDate}`),
  };
});

export const deathStatusInquiry = answering(({ query }) => {
  const person = personParam(query['nationalCode'], 'nationalCode');
  if (birthDateParam(query['birthDate']) !== person.birthDate) reject(BIRTH_DATE_MISMATCH);
  return { deathStatus: person.deathStatus, trackingCode: trackingCodeOf('death-status', person.nationalId) };
});

/** People born before 1368 must send their birth-certificate number (wire facts §4.2). */
const IDENTITY_NO_REQUIRED_BEFORE = 1368;

/** Designed: `isConfirmed` is 'N' for the dead, whose Shahab code the registry no longer confirms. */
export const shahabInquiry = answering(({ params, query }) => {
  const person = personParam(params['nid'], 'nid');
  const compact = query['birthDate'];
  if (birthDateParam(compact, { compact: true }) !== person.birthDate) reject(BIRTH_DATE_MISMATCH);
  const identityNo = query['identityNo'] || undefined;
  if (person.birth.jy < IDENTITY_NO_REQUIRED_BEFORE && identityNo === undefined) reject('identityNo is required');
  if (identityNo !== undefined && identityNo !== person.identityNo) reject('identityNo does not match');
  return {
    nid: person.nationalId,
    birthDate: compact,
    shahabCode: shahabCodeOf(person.nationalId),
    identityNo: person.identityNo,
    firstName: person.firstName,
    lastName: person.lastName,
    fatherName: person.fatherName,
    gender: person.gender === 'مرد' ? 'M' : 'F',
    isConfirmed: person.alive ? 'Y' : 'N',
  };
});
