import type { MediaFile } from '../../validation/media.js';
import type { IdentityClaim } from '../../validation/people.js';

export type { IdentityClaim, MediaFile };
/** How closely a person's details match the civil registry (national id verification). */
export interface IdentityMatchRecord {
  /** The claimed details as the registry compared them; Persian `YYYY/MM/DD` for the date. */
  readonly birthDate: string | null;
  readonly fullName: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly fatherName: string | null;
  readonly gender: 'MALE' | 'FEMALE' | null;
  readonly status: string | null;
  readonly fullNameSimilarity: number | null;
  readonly firstNameSimilarity: number | null;
  readonly lastNameSimilarity: number | null;
  readonly fatherNameSimilarity: number | null;
  readonly genderSimilarity: number | null;
  readonly alive: boolean | null;
  readonly description: string | null;
  readonly trackingCode: string | null;
}

export interface MilitaryServiceRecord {
  readonly allowed: boolean | null;
  readonly condition: 'ALLOWED' | 'NOT_ALLOWED' | null;
  readonly caseType: 'ORDINARY' | 'EXCEPTION' | null;
  readonly description: string | null;
  readonly conversationId: string | null;
}

export interface LifeStatusRecord {
  readonly alive: boolean | null;
  readonly trackingCode: string | null;
}

export interface ShahabRecord {
  readonly code: string | null;
  readonly confirmed: boolean | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly fatherName: string | null;
  readonly gender: 'MALE' | 'FEMALE' | null;
  /** Persian `YYYY/MM/DD`. */
  readonly birthDate: string | null;
  readonly identityNumber: string | null;
}

export interface BlacklistRecord {
  readonly blocked: boolean;
  readonly message: string | null;
}

export interface PassportRecord {
  readonly hasPassport: boolean | null;
  readonly number: string | null;
  readonly serial: string | null;
  readonly status: string | null;
  readonly issuedOn: string | null;
  readonly validUntil: string | null;
  readonly pendingRequest: boolean | null;
  readonly requestDescription: string | null;
  readonly requestedOn: string | null;
}

/** Sana's identification code types (designed, after the upstream's party `idType`, wire facts §4.8). */
export const SANA_IDENTIFICATION_TYPE = {
  NATIONAL_ID: '1',
  LEGAL_ID: '2',
  FOREIGN_NATURAL: '3',
  FOREIGN_LEGAL: '4',
} as const;
export type SanaIdentificationType = (typeof SANA_IDENTIFICATION_TYPE)[keyof typeof SANA_IDENTIFICATION_TYPE];

export interface SanaRecord {
  readonly registered: boolean | null;
  readonly message: string | null;
}

export type IbanOwnership = 'YES' | 'NO' | 'MOST_PROBABLE';

/** What the caller gives to compare a live video with the national card. */
export interface LiveVideoClaim {
  readonly video: MediaFile;
  /** Jalali `YYYY/MM/DD`. */
  readonly birthDate: string;
  /** Serial on the back of the smart national card. */
  readonly cardSerial: string;
  /** The sentence the person was asked to say, or null. */
  readonly speechText: string | null;
}

/** The upstream's comparison of a live video with the national card photo. */
export interface LiveVideoMatchRecord {
  /** Percentage 0–100, whether the upstream sent a percentage or a fraction. */
  readonly faceMatchPercentage: number | null;
  /** As sent; the upstream counts a video as live above 0.001. */
  readonly livenessScore: number | null;
  /** Percentage 0–100; null when no speech text was given. */
  readonly speechSimilarityPercentage: number | null;
  /** `printLiveness` as sent (0–1); no threshold or direction is documented. */
  readonly printLivenessScore: number | null;
  /** `replayLiveness` as sent (0–1); no threshold or direction is documented. */
  readonly replayLivenessScore: number | null;
  readonly trackingCode: string | null;
}

/** The OCR's `type` code for each side of the card (wire facts §4.2), by the schema's name for each. */
export const NATIONAL_CARD_SIDE = { FRONT: 'uploadCardFront', BACK: 'uploadCardBack' } as const;
export type NationalCardSide = (typeof NATIONAL_CARD_SIDE)[keyof typeof NATIONAL_CARD_SIDE];

/** What the upstream's OCR read from one side of a national card; the other side's fields are null. */
export interface NationalCardScanRecord {
  readonly side: NationalCardSide;
  /** As read; it may fail the national id checksum when the OCR misread a digit. */
  readonly nationalId: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly fatherName: string | null;
  /** Jalali, as read. */
  readonly birthDate: string | null;
  /** Jalali, as read. */
  readonly expirationDate: string | null;
  readonly serial: string | null;
}

/** The photo of a person's national card. */
export interface NationalCardImageRecord {
  readonly contentType: string;
  readonly base64: string;
}

/** What the caller gives to compare a recorded video with the national card (no liveness, no speech). */
export interface VideoClaim {
  readonly video: MediaFile;
  /** Jalali `YYYY/MM/DD`. */
  readonly birthDate: string;
  /** Serial on the back of the smart national card. */
  readonly cardSerial: string;
}

/** The upstream's comparison of a recorded video with the national card photo. */
export interface VideoMatchRecord {
  /** Percentage 0–100, whether the upstream sent a percentage or a fraction. */
  readonly faceMatchPercentage: number | null;
  readonly trackingCode: string | null;
}

/** What the caller gives to compare a photo of a person with their national card. */
export interface PhotoClaim {
  readonly image: MediaFile;
  /** Jalali `YYYY/MM/DD`. */
  readonly birthDate: string;
  /** Serial on the back of the smart national card. */
  readonly cardSerial: string;
  /** Percentage 0–100 from which the faces count as a match; null for the upstream's default. */
  readonly threshold: number | null;
}

/** The upstream's comparison of two faces against a threshold. */
export interface FaceComparisonRecord {
  /** `isVerified`: the upstream's verdict, the score against the threshold. */
  readonly verified: boolean | null;
  /** `verificationScore`, as sent, on the threshold's scale. */
  readonly score: number | null;
  /** `verificationThreshold`: the threshold applied, the caller's or the upstream's default. */
  readonly threshold: number | null;
  readonly message: string | null;
}

/** The upstream's comparison of a photo of a person with their national card photo. */
export interface PhotoMatchRecord extends FaceComparisonRecord {
  readonly trackingCode: string | null;
}

export type TaxDebtStatus = 'UNPAID' | 'OVERDUE' | 'IN_INSTALLMENTS' | 'OTHER';

/** One tax debt of a person. */
export interface TaxDebtRecord {
  /** The tax as the upstream words it. */
  readonly taxType: string | null;
  /** The Jalali tax year. */
  readonly period: string | null;
  /** Rials, a string of digits. */
  readonly amount: string | null;
  /** Jalali `YYYY/MM/DD`. */
  readonly dueDate: string | null;
  readonly status: TaxDebtStatus;
}
