import { identityClaimQuery, readCivilIdentity, readIdentityMatch } from './civilRegistry.js';
import { RecordReader, type JsonObject } from './read.js';
import { alive, flag } from './readers.js';
import type { UpstreamAccess } from './requestUpstream.js';
import type { CivilIdentityRecord } from './types/people.js';
import type {
  FaceComparisonRecord,
  IbanOwnership,
  IdentityClaim,
  IdentityMatchRecord,
  LifeStatusRecord,
  LiveVideoClaim,
  LiveVideoMatchRecord,
  MediaFile,
  MilitaryServiceRecord,
  NationalCardScanRecord,
  NationalCardSide,
  PassportRecord,
  PhotoClaim,
  PhotoMatchRecord,
  SanaRecord,
  VideoClaim,
  VideoMatchRecord,
} from './types/verification.js';

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

const STATUS: Readonly<Record<string, TaxDebtStatus>> = { UNPAID: 'UNPAID', OVERDUE: 'OVERDUE', INSTALLMENT: 'IN_INSTALLMENTS' };

const IBAN_OWNERSHIP: Readonly<Record<string, IbanOwnership>> = { yes: 'YES', no: 'NO', most_possible: 'MOST_PROBABLE' };

/**
 * The kyc group: identity checks of people, cards and IBANs. Its SMS-confirmed operations run under the caller's consent: the upstream client
 * takes the user's token from it, and the consent must be for the person asked about.
 */
export class KycAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  /** Tax debts of a person (SMS consent with scope `kyc:sms-tax-Inquiry:get`); empty when they owe nothing. */
  async listTaxDebts(nationalId: string): Promise<TaxDebtRecord[]> {
    const answer = await this.upstream.read('kycSmsTaxInquiryGet', { query: { nationalCode: nationalId }, subject: nationalId });
    const read = new RecordReader('kycSmsTaxInquiryGet', answer);
    const debts = read.list(read.object(answer.result).debts, 'tax debts');
    return debts.map((item) => {
      const r = read.object(item, 'tax debt');
      const status = read.text(r.status)?.toUpperCase();
      return {
        taxType: read.text(r.taxType),
        period: read.text(r.period),
        amount: read.rial(r.amount, 'tax debt amount'),
        dueDate: read.text(r.dueDate),
        status: (status && STATUS[status]) || 'OTHER',
      };
    });
  }

  /** The civil registry's record; null when the birth date does not match it. */
  async getCivilRegistry(nationalId: string, birthDate: string): Promise<CivilIdentityRecord | null> {
    const answer = await this.upstream.read('kycIdentificationInquiryGet', { query: { nationalCode: nationalId, birthDate } });
    const record = readCivilIdentity('kycIdentificationInquiryGet', answer, nationalId);
    // The registry answers with a null national id when the birth date is not the person's.
    const r = new RecordReader('kycIdentificationInquiryGet', answer).object(answer.result);
    return r.nationalId === null ? null : record;
  }

  /** Matches claimed details against the civil registry under the person's SMS consent. */
  async matchIdentityConfirmedBySms(nationalId: string, claim: IdentityClaim): Promise<IdentityMatchRecord> {
    const answer = await this.upstream.read('kycSmsNidVerificationGet', { path: { nid: nationalId }, query: identityClaimQuery(claim) });
    return readIdentityMatch('kycSmsNidVerificationGet', answer);
  }

  async getMilitaryService(nationalId: string): Promise<MilitaryServiceRecord> {
    const answer = await this.upstream.read('kycMilitaryInquiryGet', { query: { nationalCode: nationalId } });
    const read = new RecordReader('kycMilitaryInquiryGet', answer);
    const r = read.object(answer.result);
    const condition = read.text(r.condition);
    const caseType = read.text(r.type);
    return {
      allowed: flag(read, r.isAllowed),
      condition: condition === 'ALLOWED' || condition === 'NOT_ALLOWED' ? condition : null,
      caseType: caseType === 'ORDINARY' || caseType === 'EXCEPTION' ? caseType : null,
      description: read.text(r.conditionDescription),
    };
  }

  async getLifeStatus(nationalId: string, birthDate: string): Promise<LifeStatusRecord> {
    const answer = await this.upstream.read('kycDeathStatusInquiryGet', { query: { nationalCode: nationalId, birthDate } });
    const read = new RecordReader('kycDeathStatusInquiryGet', answer);
    const r = read.object(answer.result);
    return { alive: alive(read, r.deathStatus), trackingCode: read.text(r.trackingCode) };
  }

  /** Whether an IBAN belongs to a national id; with a birth date, the stricter check. */
  async getIbanOwnership(iban: string, nationalId: string, birthDate: string | null): Promise<IbanOwnership | null> {
    const operationId = birthDate ? 'kycIbanOwnerBirthdateVerificationGet' : 'kycIbanOwnerVerificationGet';
    const answer = await this.upstream.read(operationId, { query: { iban, nid: nationalId, birthDate } });
    const read = new RecordReader(operationId, answer);
    const value = read.text(read.object(answer.result).isValid)?.toLowerCase();
    return (value && IBAN_OWNERSHIP[value]) || null;
  }

  async isCardOwner(card: string, nationalId: string): Promise<boolean | null> {
    const answer = await this.upstream.read('kycCardOwnerVerificationPost', { body: { card, nid: nationalId } });
    const read = new RecordReader('kycCardOwnerVerificationPost', answer);
    return flag(read, read.object(answer.result).isValid);
  }

  async isCardOfMobileOwner(card: string, mobile: string): Promise<boolean | null> {
    const answer = await this.upstream.read('kycMobileCardVerificationPost', { body: { mobile, card } });
    const read = new RecordReader('kycMobileCardVerificationPost', answer);
    return flag(read, read.object(answer.result).isValid);
  }

  async getPassport(nationalId: string, mobile: string): Promise<PassportRecord> {
    const answer = await this.upstream.read('kycPassportInquiryPost', { body: { nationalCode: nationalId, mobile } });
    const read = new RecordReader('kycPassportInquiryPost', answer);
    const r = read.object(answer.result);
    return {
      hasPassport: flag(read, r.hasPassport),
      number: read.text(r.passportNumber),
      serial: read.text(r.passportSerial),
      status: read.text(r.passportStatus),
      issuedOn: read.text(r.issueDate),
      validUntil: read.text(r.validityDate),
      pendingRequest: flag(read, r.passportRequest),
      requestDescription: read.text(r.requestDescription),
      requestedOn: read.text(r.requestDate),
    };
  }

  /**
   * Compares a live video of the person with the photo of their national card (multipart upload).
   * The same video and details asked for twice in one operation make one upstream call.
   */
  async compareLiveVideo(nationalId: string, claim: LiveVideoClaim): Promise<LiveVideoMatchRecord> {
    const operationId = 'kycCompareLiveVideoWithNationalCardPost';
    const form = {
      video: claim.video,
      nationalCode: nationalId,
      birthDate: claim.birthDate,
      serialNumber: claim.cardSerial,
      ...(claim.speechText !== null && { speechText: claim.speechText }),
    };
    const answer = await this.upstream.read(operationId, { form });
    const read = new RecordReader(operationId, answer);
    const r = read.object(answer.result);
    return {
      faceMatchPercentage: toPercentage(score(read, r.faceVerification, 'face match')),
      livenessScore: score(read, r.liveness, 'liveness score'),
      speechSimilarityPercentage: claim.speechText === null ? null : toPercentage(score(read, r.speechSimilarity, 'speech similarity')),
      filmedFromPhoto: flag(read, r.printLiveness),
      filmedFromVideo: flag(read, r.replayLiveness),
      trackingCode: read.text(r.trackingCode),
    };
  }

  /**
   * Compares a recorded video of the person with the photo of their national card, without liveness
   * or speech (multipart upload). The same video and details asked for twice in one operation make
   * one upstream call.
   */
  async compareVideo(nationalId: string, claim: VideoClaim): Promise<VideoMatchRecord> {
    const operationId = 'kycCompareVideoWithNationalCardImagePost';
    const form = { video: claim.video, nationalCode: nationalId, birthDate: claim.birthDate, serialNumber: claim.cardSerial };
    const answer = await this.upstream.read(operationId, { form });
    const read = new RecordReader(operationId, answer);
    const r = read.object(answer.result);
    return { faceMatchPercentage: toPercentage(score(read, r.faceVerification, 'face match')), trackingCode: read.text(r.trackingCode) };
  }

  /**
   * Compares a photo of the person with the photo of their national card (multipart upload), against
   * the caller's threshold or the upstream's default.
   */
  async comparePhoto(nationalId: string, claim: PhotoClaim): Promise<PhotoMatchRecord> {
    const operationId = 'kycCompareLiveImageWithNationalCardPost';
    const form = {
      liveImage: claim.image,
      nationalCode: nationalId,
      birthDate: claim.birthDate,
      serialNumber: claim.cardSerial,
      ...thresholdField(claim.threshold),
    };
    const answer = await this.upstream.read(operationId, { form });
    const read = new RecordReader(operationId, answer);
    const r = read.object(answer.result);
    return { ...faceComparison(read, r), trackingCode: read.text(r.trackingCode) };
  }

  /** Whether two photos show the same face (multipart upload), against the caller's threshold or the upstream's default. */
  async compareFaces(image: MediaFile, otherImage: MediaFile, threshold: number | null): Promise<FaceComparisonRecord> {
    const operationId = 'kycCompareTwoImagesPost';
    const answer = await this.upstream.read(operationId, { form: { liveImage: image, personImage: otherImage, ...thresholdField(threshold) } });
    const read = new RecordReader(operationId, answer);
    return faceComparison(read, read.object(answer.result));
  }

  /** Reads one side of a national card from a JPEG photo (OCR, multipart upload). */
  async scanNationalCard(side: NationalCardSide, image: MediaFile): Promise<NationalCardScanRecord> {
    const answer = await this.upstream.read('kycOcrPost', { form: { cardImage: image, type: OCR_TYPE[side] } });
    const read = new RecordReader('kycOcrPost', answer);
    const r = read.object(answer.result);
    return {
      side,
      nationalId: read.text(r.nationalCode),
      firstName: read.text(r.firstName),
      lastName: read.text(r.lastName),
      fatherName: read.text(r.fatherName),
      birthDate: read.text(r.birthDate),
      expirationDate: read.text(r.expirationDate),
      serial: read.text(r.serial),
    };
  }

  async getSanaRegistration(nationalId: string): Promise<SanaRecord> {
    const answer = await this.upstream.read('kycCcSanaInquiryGet', { query: { nationalCode: nationalId, identificationCodeType: SANA_NATIONAL_ID_TYPE } });
    const read = new RecordReader('kycCcSanaInquiryGet', answer);
    const r = read.object(answer.result);
    return { registered: flag(read, r.registered), message: read.text(r.message) };
  }
}

/** The OCR's `type` field for each side of the card (wire facts §4.2). */
const OCR_TYPE: Readonly<Record<NationalCardSide, string>> = { FRONT: 'uploadCardFront', BACK: 'uploadCardBack' };

/** The optional `threshold` form field; left out for the upstream's default. */
const thresholdField = (threshold: number | null): { threshold?: string } => (threshold === null ? {} : { threshold: String(threshold) });

/** The fields both face comparisons answer with: `isVerified`, `verificationScore`, `verificationThreshold`, `message`. */
function faceComparison(read: RecordReader, r: JsonObject): FaceComparisonRecord {
  return {
    verified: flag(read, r.isVerified),
    score: score(read, r.verificationScore, 'verification score'),
    threshold: score(read, r.verificationThreshold, 'verification threshold'),
    message: read.text(r.message),
  };
}

/** A number sent as a JSON number or a numeric string; null when absent. */
function score(read: RecordReader, value: unknown, what: string): number | null {
  const text = read.text(value);
  if (text === null) return null;
  const number = Number(text);
  if (!Number.isFinite(number)) return read.fail(what);
  return number;
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

/** Sana's identification code type for an Iranian national id (the designed operation's value). */
const SANA_NATIONAL_ID_TYPE = '1';
