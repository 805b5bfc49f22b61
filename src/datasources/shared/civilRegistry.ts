/** The civil registry's answers, shared by the people and verification inquiries, and the query of a claim. */
import type { z } from 'zod';
import { normalizeDigits } from '../../lib/digits.js';
import { count, record, text } from './shapes.js';
import type { CivilIdentityRecord } from '../types/people.js';
import type { IdentityClaim, IdentityMatchRecord } from '../types/verification.js';

/** The civil registry's gender words, as sent in queries. */
export const REGISTRY_GENDER = { MALE: 'مرد', FEMALE: 'زن' } as const;

/** Gender as the civil registry writes it (`مرد`, `زن`) or as some services abbreviate it (`M`, `F`). */
export const gender = text.transform((word): 'MALE' | 'FEMALE' | null =>
  word === 'مرد' || word === 'M' ? 'MALE' : word === 'زن' || word === 'F' ? 'FEMALE' : null,
);

/** `زنده` (alive) or `مرده` (dead). */
export const alive = text.transform((word): boolean | null =>
  word === 'زنده' ? true : word === 'مرده' ? false : null,
);

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

/**
 * A national id verification: `facilityCcNidVerificationGet`, `kycSmsNidVerificationGet` (the same
 * shape under client credential and SMS). Similarities are whole numbers.
 */
export const IdentityMatchAnswer = record({
  birthDate: text,
  fullName: text,
  firstName: text,
  lastName: text,
  fatherName: text,
  gender,
  status: text,
  fullNameSimilarity: count,
  firstNameSimilarity: count,
  lastNameSimilarity: count,
  fatherNameSimilarity: count,
  genderSimilarity: count,
  deathStatus: alive,
  description: text,
  trackingCode: text,
});

/**
 * The match as the graph shows it. Only what was claimed is shown back, and as it was claimed: a detail
 * the claim left out is null, and one the answer gives otherwise than claimed shows the claim, so a
 * match is never a way to read the registry's record (the similarities say how close the claim was).
 */
/** Two texts the same but for digits' script, spacing and Arabic/Persian letter forms. */
function sameText(a: string, b: string): boolean {
  const plain = (text: string) =>
    normalizeDigits(text).replace(/ي/g, 'ی').replace(/ك/g, 'ک').replace(/\s+/g, ' ').replace(/\//g, '').trim();
  return plain(a) === plain(b);
}

export function identityMatchOf(r: z.output<typeof IdentityMatchAnswer>, claim: IdentityClaim): IdentityMatchRecord {
  const claimedText = (given: string | null | undefined, answered: string | null): string | null => {
    if (given === null || given === undefined) return null;
    return answered !== null && sameText(answered, given) ? answered : given;
  };
  return {
    birthDate: claimedText(claim.birthDate, r.birthDate),
    fullName: claimedText(claim.fullName, r.fullName),
    firstName: claimedText(claim.firstName, r.firstName),
    lastName: claimedText(claim.lastName, r.lastName),
    fatherName: claimedText(claim.fatherName, r.fatherName),
    gender: claim.gender === null || claim.gender === undefined ? null : claim.gender,
    status: r.status,
    fullNameSimilarity: r.fullNameSimilarity,
    firstNameSimilarity: r.firstNameSimilarity,
    lastNameSimilarity: r.lastNameSimilarity,
    fatherNameSimilarity: r.fatherNameSimilarity,
    genderSimilarity: r.genderSimilarity,
    alive: r.deathStatus,
    description: r.description,
    trackingCode: r.trackingCode,
  };
}

/**
 * The civil-registry record of the national id inquiries (`facilityCcNidInquiryGet`,
 * `facilitySmsNidInquiryGet`, `kycIdentificationInquiryGet`). The id comes as `nationalId` or `nationalCode`.
 */
export const CivilIdentityAnswer = record({
  nationalId: text,
  nationalCode: text,
  firstName: text,
  lastName: text,
  fatherName: text,
  birthDate: text,
  gender,
  deathStatus: alive,
  identityNo: text,
  identitySeri: text,
  identitySerial: text,
  officeName: text,
  officeCode: text,
  operationStatus: text,
  trackingCode: text,
});

/** Our record of a civil-registry answer about `nationalId`. */
export function civilIdentityOf(r: z.output<typeof CivilIdentityAnswer>, nationalId: string): CivilIdentityRecord {
  return {
    nationalId: r.nationalId ?? r.nationalCode ?? nationalId,
    firstName: r.firstName,
    lastName: r.lastName,
    fatherName: r.fatherName,
    birthDate: r.birthDate,
    gender: r.gender,
    alive: r.deathStatus,
    identityNumber: r.identityNo,
    identitySeries: r.identitySeri,
    identitySerial: r.identitySerial,
    issuingOffice: r.officeName,
    issuingOfficeCode: r.officeCode,
    operationStatus: r.operationStatus,
    trackingCode: r.trackingCode,
  };
}
