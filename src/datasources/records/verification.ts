/** The verification answers (`/kyc`, `/oak`, `/facility`), as the upstream writes them, and the form fields they need. */
import { z } from 'zod';
import { alive, CivilIdentityAnswer, gender } from '../shared/civilRegistry.js';
import { decimal, flag, list, record, rial, strictDecimal, text, word } from '../shared/shapes.js';
import type { FaceComparisonRecord, IbanOwnership, TaxDebtStatus } from '../types/verification.js';

/** The upstream's tax debt statuses, in any case; another or none is `OTHER`. */
const taxDebtStatus = word<TaxDebtStatus>(
  { UNPAID: 'UNPAID', OVERDUE: 'OVERDUE', INSTALLMENT: 'IN_INSTALLMENTS' },
  (status) => status.toUpperCase(),
).transform((status) => status ?? 'OTHER');

/** The upstream's answers, in any case, to whether an IBAN is the person's. */
const ibanOwnership = word<IbanOwnership>({ yes: 'YES', no: 'NO', most_possible: 'MOST_PROBABLE' }, (answer) =>
  answer.toLowerCase(),
);

/** The optional `threshold` form field; left out for the upstream's default. */
export const thresholdField = (threshold: number | null): { threshold?: string } =>
  threshold === null ? {} : { threshold: String(threshold) };

/** `kycSmsTaxInquiryGet`: the person's debts; none when they owe nothing. */
export const TaxDebtsAnswer = record({
  debts: list(record({ taxType: text, period: text, amount: rial, dueDate: text, status: taxDebtStatus })),
});

/**
 * `kycIdentificationInquiryGet`: the civil-registry record, or null when the birth date is not the
 * person's, which the registry answers with a JSON null `nationalId` (a blank or absent one is not that).
 */
export const CivilRegistryAnswer = z.union([
  record({ nationalId: z.null() }).transform(() => null),
  CivilIdentityAnswer,
]);

/** `kycMilitaryInquiryGet`. */
export const MilitaryServiceAnswer = record({
  isAllowed: flag,
  condition: text.transform((condition) => (condition === 'ALLOWED' || condition === 'NOT_ALLOWED' ? condition : null)),
  type: text.transform((caseType) => (caseType === 'ORDINARY' || caseType === 'EXCEPTION' ? caseType : null)),
  conditionDescription: text,
  conversationId: text,
});

/** `kycDeathStatusInquiryGet`. */
export const LifeStatusAnswer = record({
  deathStatus: alive,
  trackingCode: text,
});

/** `kycIbanOwnerVerificationGet`, `kycIbanOwnerBirthdateVerificationGet`. */
export const IbanOwnershipAnswer = record({ isValid: ibanOwnership });

/** `kycCardOwnerVerificationPost`, `kycMobileCardVerificationPost`, `facilityShahkarVerifyGet`: a yes or no. */
export const OwnershipAnswer = record({ isValid: flag });

/** `kycPassportInquiryPost`. */
export const PassportAnswer = record({
  hasPassport: flag,
  passportNumber: text,
  passportSerial: text,
  passportStatus: text,
  issueDate: text,
  validityDate: text,
  passportRequest: flag,
  requestDescription: text,
  requestDate: text,
});

/** `kycCcSanaInquiryGet`. */
export const SanaAnswer = record({ registered: flag, message: text });

/** `oakShahabInquiryGet`, `oakSmsShahabInquiryGet`. */
export const ShahabAnswer = record({
  shahabCode: text,
  isConfirmed: flag,
  firstName: text,
  lastName: text,
  fatherName: text,
  gender,
  birthDate: text,
  identityNo: text,
});

/** `oakBlacklistInquiryGet`. */
export const BlacklistAnswer = record({ isBlocked: flag, message: text });

/** `facilityNationalCardImageGet`: the photo in base64. */
export const NationalCardImageAnswer = record({ image: text, contentType: text });

/**
 * `kycCompareLiveVideoWithNationalCardPost`. Scores are numbers or numeric strings (`printLiveness` and
 * `replayLiveness` strings in the documented sample, and read as null when not a number, their meaning
 * being undocumented); `speechSimilarity` is read only when a speech text was sent (`SpeechSimilarityAnswer`).
 */
export const LiveVideoMatchAnswer = record({
  faceVerification: strictDecimal,
  liveness: strictDecimal,
  printLiveness: decimal,
  replayLiveness: decimal,
  trackingCode: text,
});

/** `kycCompareLiveVideoWithNationalCardPost` with a speech text. */
export const SpeechSimilarityAnswer = record({ speechSimilarity: strictDecimal });

/** `kycCompareVideoWithNationalCardImagePost`. */
export const VideoMatchAnswer = record({ faceVerification: strictDecimal, trackingCode: text });

/** `kycCompareTwoImagesPost`: the fields both face comparisons answer with; scores are numbers or numeric strings. */
export const FaceComparisonAnswer = record({
  isVerified: flag,
  verificationScore: strictDecimal,
  verificationThreshold: strictDecimal,
  message: text,
});

/** `kycCompareLiveImageWithNationalCardPost`. */
export const PhotoMatchAnswer = FaceComparisonAnswer.extend({ trackingCode: text });

/** `kycOcrPost`. */
export const NationalCardScanAnswer = record({
  nationalCode: text,
  firstName: text,
  lastName: text,
  fatherName: text,
  birthDate: text,
  expirationDate: text,
  serial: text,
});

/** Our record of the fields both face comparisons answer with. */
export function faceComparisonOf(r: z.output<typeof FaceComparisonAnswer>): FaceComparisonRecord {
  return { verified: r.isVerified, score: r.verificationScore, threshold: r.verificationThreshold, message: r.message };
}

/**
 * A match score as a percentage 0–100. The upstream sends some as a fraction (the docs' threshold
 * for a face match is 0.9) and some as a percentage (the docs' sample is 95.7): a value from 0 to 1
 * is taken as a fraction, above 1 as a percentage. Rounded to two decimals; null when absent or
 * outside both ranges.
 */
export function toPercentage(value: number | null): number | null {
  if (value === null || !Number.isFinite(value) || value < 0) return null;
  const percent = value <= 1 ? value * 100 : value;
  return percent > 100 ? null : Math.round(percent * 100) / 100;
}
