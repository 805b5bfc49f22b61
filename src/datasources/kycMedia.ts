import { RecordReader, type JsonObject } from './read.js';
import { flag } from './readers.js';
import type { UpstreamAccess } from './requestUpstream.js';
import type {
  FaceComparisonRecord,
  LiveVideoClaim,
  LiveVideoMatchRecord,
  MediaFile,
  NationalCardScanRecord,
  NationalCardSide,
  PhotoClaim,
  PhotoMatchRecord,
  VideoClaim,
  VideoMatchRecord,
} from './types/verification.js';

/**
 * The kyc group's checks that carry files (multipart uploads): video and photo against the national
 * card, two photos against each other, and OCR of a national card. Files are deduplicated by hash.
 */
export class KycMediaAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

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
      speechSimilarityPercentage:
        claim.speechText === null ? null : toPercentage(score(read, r.speechSimilarity, 'speech similarity')),
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
    const form = {
      video: claim.video,
      nationalCode: nationalId,
      birthDate: claim.birthDate,
      serialNumber: claim.cardSerial,
    };
    const answer = await this.upstream.read(operationId, { form });
    const read = new RecordReader(operationId, answer);
    const r = read.object(answer.result);
    return {
      faceMatchPercentage: toPercentage(score(read, r.faceVerification, 'face match')),
      trackingCode: read.text(r.trackingCode),
    };
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
    const answer = await this.upstream.read(operationId, {
      form: { liveImage: image, personImage: otherImage, ...thresholdField(threshold) },
    });
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
}

/** The OCR's `type` field for each side of the card (wire facts §4.2). */
const OCR_TYPE: Readonly<Record<NationalCardSide, string>> = { FRONT: 'uploadCardFront', BACK: 'uploadCardBack' };

/** The optional `threshold` form field; left out for the upstream's default. */
const thresholdField = (threshold: number | null): { threshold?: string } =>
  threshold === null ? {} : { threshold: String(threshold) };

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
