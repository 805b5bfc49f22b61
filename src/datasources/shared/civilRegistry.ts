import { RecordReader } from './read.js';
import { alive, gender, REGISTRY_GENDER } from './readers.js';
import type { UpstreamResult } from '../upstream/client.js';
import type { CivilIdentityRecord } from '../types/people.js';
import type { IdentityClaim, IdentityMatchRecord } from '../types/verification.js';

/** The query of a national id verification: only the claimed details are sent. */
export function identityClaimQuery(claim: IdentityClaim): Record<string, string | undefined> {
  return {
    birthDate: claim.birthDate,
    fullName: claim.fullName ?? undefined,
    firstName: claim.firstName ?? undefined,
    lastName: claim.lastName ?? undefined,
    fatherName: claim.fatherName ?? undefined,
    gender: claim.gender ? REGISTRY_GENDER[claim.gender] : undefined,
  };
}

/** Reads a national id verification answer (the same shape under client credential and SMS). */
export function readIdentityMatch(operationId: string, answer: UpstreamResult): IdentityMatchRecord {
  const read = new RecordReader(operationId, answer);
  const r = read.object(answer.result);
  return {
    fullNameSimilarity: read.count(r.fullNameSimilarity, 'fullNameSimilarity'),
    firstNameSimilarity: read.count(r.firstNameSimilarity, 'firstNameSimilarity'),
    lastNameSimilarity: read.count(r.lastNameSimilarity, 'lastNameSimilarity'),
    fatherNameSimilarity: read.count(r.fatherNameSimilarity, 'fatherNameSimilarity'),
    genderSimilarity: read.count(r.genderSimilarity, 'genderSimilarity'),
    alive: alive(read, r.deathStatus),
    description: read.text(r.description),
    trackingCode: read.text(r.trackingCode),
  };
}

/** The civil-registry answer shape shared by the national id inquiries. */
export function readCivilIdentity(
  operationId: string,
  answer: UpstreamResult,
  nationalId: string,
): CivilIdentityRecord {
  const read = new RecordReader(operationId, answer);
  const r = read.object(answer.result);
  return {
    nationalId: read.text(r.nationalId) ?? read.text(r.nationalCode) ?? nationalId,
    firstName: read.text(r.firstName),
    lastName: read.text(r.lastName),
    fatherName: read.text(r.fatherName),
    birthDate: read.text(r.birthDate),
    gender: gender(read, r.gender),
    alive: alive(read, r.deathStatus),
    identityNumber: read.text(r.identityNo),
    identitySeries: read.text(r.identitySeri),
    identitySerial: read.text(r.identitySerial),
    issuingOffice: read.text(r.officeName),
    trackingCode: read.text(r.trackingCode),
  };
}
