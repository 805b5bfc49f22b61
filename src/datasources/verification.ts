import { identityClaimQuery, readCivilIdentity, readIdentityMatch } from './shared/civilRegistry.js';
import { RecordReader } from './shared/read.js';
import { alive, flag, gender } from './shared/readers.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import type { CivilIdentityRecord } from './types/people.js';
import {
  faceComparison,
  IBAN_OWNERSHIP,
  score,
  TAX_DEBT_STATUS,
  thresholdField,
  toPercentage,
} from './records/verification.js';
import type {
  TaxDebtRecord,
  IbanOwnership,
  IdentityClaim,
  IdentityMatchRecord,
  LifeStatusRecord,
  MilitaryServiceRecord,
  PassportRecord,
  SanaRecord,
  BlacklistRecord,
  ShahabRecord,
  NationalCardImageRecord,
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
import type { OperationId } from './upstream/operations.js';

/**
 * Checks of who a person is: identity matches, Shahab codes, the blacklist, mobile and card ownership,
 * life status, military service, passports, tax debts, and the checks that carry files (video and
 * photo against the national card, two photos against each other, OCR of a national card).
 */
export class VerificationAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  /** Tax debts of a person (SMS consent with scope `kyc:sms-tax-Inquiry:get`); empty when they owe nothing. */
  async listTaxDebts(nationalId: string): Promise<TaxDebtRecord[]> {
    const answer = await this.upstream.read('kycSmsTaxInquiryGet', {
      query: { nationalCode: nationalId },
      subject: nationalId,
    });
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
        status: (status && TAX_DEBT_STATUS[status]) || 'OTHER',
      };
    });
  }

  /** The civil registry's record; null when the birth date does not match it. */
  async getCivilRegistry(nationalId: string, birthDate: string): Promise<CivilIdentityRecord | null> {
    const answer = await this.upstream.read('kycIdentificationInquiryGet', {
      query: { nationalCode: nationalId, birthDate },
    });
    const record = readCivilIdentity('kycIdentificationInquiryGet', answer, nationalId);
    // The registry answers with a null national id when the birth date is not the person's.
    const r = new RecordReader('kycIdentificationInquiryGet', answer).object(answer.result);
    return r.nationalId === null ? null : record;
  }

  /** Matches claimed details against the civil registry under the person's SMS consent. */
  async matchIdentityConfirmedBySms(nationalId: string, claim: IdentityClaim): Promise<IdentityMatchRecord> {
    const answer = await this.upstream.read('kycSmsNidVerificationGet', {
      path: { nid: nationalId },
      query: identityClaimQuery(claim),
    });
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
    const answer = await this.upstream.read('kycDeathStatusInquiryGet', {
      query: { nationalCode: nationalId, birthDate },
    });
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

  async getSanaRegistration(nationalId: string): Promise<SanaRecord> {
    const answer = await this.upstream.read('kycCcSanaInquiryGet', {
      query: { nationalCode: nationalId, identificationCodeType: SANA_NATIONAL_ID_TYPE },
    });
    const read = new RecordReader('kycCcSanaInquiryGet', answer);
    const r = read.object(answer.result);
    return { registered: flag(read, r.registered), message: read.text(r.message) };
  }

  /** The Shahab code; `birthDate` is Persian `YYYY/MM/DD`, sent as `YYYYMMDD` as the upstream wants it. */
  getShahab(nationalId: string, birthDate: string, identityNumber: string | null): Promise<ShahabRecord> {
    return this.shahab('oakShahabInquiryGet', nationalId, birthDate, identityNumber);
  }

  /** The Shahab code under the person's SMS consent. */
  getShahabConfirmedBySms(nationalId: string, birthDate: string, identityNumber: string | null): Promise<ShahabRecord> {
    return this.shahab('oakSmsShahabInquiryGet', nationalId, birthDate, identityNumber);
  }

  async getBlacklistStatus(nationalId: string): Promise<BlacklistRecord> {
    const answer = await this.upstream.read('oakBlacklistInquiryGet', { query: { nid: nationalId } });
    const read = new RecordReader('oakBlacklistInquiryGet', answer);
    const r = read.object(answer.result);
    return { blocked: flag(read, r.isBlocked) ?? read.fail('blacklist status'), message: read.text(r.message) };
  }

  /** Matches claimed details against the civil registry (client credential). */
  async matchIdentity(nationalId: string, claim: IdentityClaim): Promise<IdentityMatchRecord> {
    const answer = await this.upstream.read('facilityCcNidVerificationGet', {
      path: { nid: nationalId },
      query: identityClaimQuery(claim),
    });
    return readIdentityMatch('facilityCcNidVerificationGet', answer);
  }

  /** Civil-registry identity confirmed by the person's SMS consent. */
  async getIdentityConfirmedBySms(nationalId: string, birthDate: string): Promise<CivilIdentityRecord> {
    const answer = await this.upstream.read('facilitySmsNidInquiryGet', {
      path: { nid: nationalId },
      query: { birthDate },
    });
    return readCivilIdentity('facilitySmsNidInquiryGet', answer, nationalId);
  }

  /**
   * The photo of the person's national card, for their national id and birth date (the designed
   * `nationalCardImage`: see its catalog notes). A birth date that is not the person's is refused upstream.
   */
  async getNationalCardImage(nationalId: string, birthDate: string): Promise<NationalCardImageRecord> {
    const answer = await this.upstream.read('facilityNationalCardImageGet', {
      query: { nationalCode: nationalId, birthDate },
    });
    const read = new RecordReader('facilityNationalCardImageGet', answer);
    const r = read.object(answer.result);
    const base64 = read.text(r.image);
    if (base64 === null) return read.fail('national card image');
    return { contentType: read.text(r.contentType) ?? 'image/jpeg', base64 };
  }

  /** Whether `mobile` is registered to the national id (Shahkar). */
  async isMobileOwner(nationalId: string, mobile: string): Promise<boolean | null> {
    const answer = await this.upstream.read('facilityShahkarVerifyGet', {
      query: { mobile, nationalCode: nationalId },
    });
    const read = new RecordReader('facilityShahkarVerifyGet', answer);
    return flag(read, read.object(answer.result).isValid);
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
    const answer = await this.upstream.read('kycOcrPost', { form: { cardImage: image, type: side } });
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

  private async shahab(
    operationId: OperationId,
    nationalId: string,
    birthDate: string,
    identityNumber: string | null,
  ): Promise<ShahabRecord> {
    const answer = await this.upstream.read(operationId, {
      path: { nid: nationalId },
      query: { birthDate: birthDate.replaceAll('/', ''), identityNo: identityNumber },
    });
    const read = new RecordReader(operationId, answer);
    const r = read.object(answer.result);
    return {
      code: read.text(r.shahabCode),
      confirmed: flag(read, r.isConfirmed),
      firstName: read.text(r.firstName),
      lastName: read.text(r.lastName),
      fatherName: read.text(r.fatherName),
      gender: gender(read, r.gender),
    };
  }
}

/** Sana's identification code type for an Iranian national id (the designed operation's value). */
const SANA_NATIONAL_ID_TYPE = '1';
