import {
  BlacklistAnswer,
  CivilRegistryAnswer,
  FaceComparisonAnswer,
  faceComparisonOf,
  IbanOwnershipAnswer,
  LifeStatusAnswer,
  LiveVideoMatchAnswer,
  MilitaryServiceAnswer,
  NationalCardImageAnswer,
  NationalCardScanAnswer,
  OwnershipAnswer,
  PassportAnswer,
  PhotoMatchAnswer,
  SanaAnswer,
  ShahabAnswer,
  SpeechSimilarityAnswer,
  TaxDebtsAnswer,
  thresholdField,
  toPercentage,
  VideoMatchAnswer,
} from './records/verification.js';
import {
  CivilIdentityAnswer,
  civilIdentityOf,
  identityClaimQuery,
  IdentityMatchAnswer,
  identityMatchOf,
} from './shared/civilRegistry.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import { decode, malformedAnswer } from './shared/shapes.js';
import type { CivilIdentityRecord } from './types/people.js';
import { SANA_IDENTIFICATION_TYPE } from './types/verification.js';
import type {
  TaxDebtRecord,
  IbanOwnership,
  IdentityClaim,
  IdentityMatchRecord,
  LifeStatusRecord,
  MilitaryServiceRecord,
  PassportRecord,
  SanaIdentificationType,
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
    return decode('kycSmsTaxInquiryGet', answer, TaxDebtsAnswer).debts;
  }

  /** The civil registry's record; null when the birth date does not match it. */
  async getCivilRegistry(nationalId: string, birthDate: string): Promise<CivilIdentityRecord | null> {
    const answer = await this.upstream.read('kycIdentificationInquiryGet', {
      query: { nationalCode: nationalId, birthDate },
    });
    const r = decode('kycIdentificationInquiryGet', answer, CivilRegistryAnswer);
    return r === null ? null : civilIdentityOf(r, nationalId);
  }

  /** Matches claimed details against the civil registry under the person's SMS consent. */
  async matchIdentityConfirmedBySms(nationalId: string, claim: IdentityClaim): Promise<IdentityMatchRecord> {
    const answer = await this.upstream.read('kycSmsNidVerificationGet', {
      path: { nid: nationalId },
      query: identityClaimQuery(claim),
    });
    return identityMatchOf(decode('kycSmsNidVerificationGet', answer, IdentityMatchAnswer), claim);
  }

  async getMilitaryService(nationalId: string): Promise<MilitaryServiceRecord> {
    const answer = await this.upstream.read('kycMilitaryInquiryGet', { query: { nationalCode: nationalId } });
    const r = decode('kycMilitaryInquiryGet', answer, MilitaryServiceAnswer);
    return {
      allowed: r.isAllowed,
      condition: r.condition,
      caseType: r.type,
      description: r.conditionDescription,
      conversationId: r.conversationId,
    };
  }

  async getLifeStatus(nationalId: string, birthDate: string): Promise<LifeStatusRecord> {
    const answer = await this.upstream.read('kycDeathStatusInquiryGet', {
      query: { nationalCode: nationalId, birthDate },
    });
    const r = decode('kycDeathStatusInquiryGet', answer, LifeStatusAnswer);
    return { alive: r.deathStatus, trackingCode: r.trackingCode };
  }

  /** Whether an IBAN belongs to a national id; with a birth date, the stricter check. */
  async getIbanOwnership(iban: string, nationalId: string, birthDate: string | null): Promise<IbanOwnership | null> {
    const operationId = birthDate ? 'kycIbanOwnerBirthdateVerificationGet' : 'kycIbanOwnerVerificationGet';
    const answer = await this.upstream.read(operationId, { query: { iban, nid: nationalId, birthDate } });
    return decode(operationId, answer, IbanOwnershipAnswer).isValid;
  }

  async isCardOwner(card: string, nationalId: string): Promise<boolean | null> {
    const answer = await this.upstream.read('kycCardOwnerVerificationPost', { body: { card, nid: nationalId } });
    return decode('kycCardOwnerVerificationPost', answer, OwnershipAnswer).isValid;
  }

  async isCardOfMobileOwner(card: string, mobile: string): Promise<boolean | null> {
    const answer = await this.upstream.read('kycMobileCardVerificationPost', { body: { mobile, card } });
    return decode('kycMobileCardVerificationPost', answer, OwnershipAnswer).isValid;
  }

  async getPassport(nationalId: string, mobile: string): Promise<PassportRecord> {
    const answer = await this.upstream.read('kycPassportInquiryPost', { body: { nationalCode: nationalId, mobile } });
    const r = decode('kycPassportInquiryPost', answer, PassportAnswer);
    return {
      hasPassport: r.hasPassport,
      number: r.passportNumber,
      serial: r.passportSerial,
      status: r.passportStatus,
      issuedOn: r.issueDate,
      validUntil: r.validityDate,
      pendingRequest: r.passportRequest,
      requestDescription: r.requestDescription,
      requestedOn: r.requestDate,
    };
  }

  /** Sana registration of the holder of `code`, an identification code of `type` (a national id by default). */
  async getSanaRegistration(
    code: string,
    type: SanaIdentificationType = SANA_IDENTIFICATION_TYPE.NATIONAL_ID,
  ): Promise<SanaRecord> {
    const answer = await this.upstream.read('kycCcSanaInquiryGet', {
      query: { nationalCode: code, identificationCodeType: type },
    });
    const r = decode('kycCcSanaInquiryGet', answer, SanaAnswer);
    return { registered: r.registered, message: r.message };
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
    const r = decode('oakBlacklistInquiryGet', answer, BlacklistAnswer);
    if (r.isBlocked === null) throw malformedAnswer('oakBlacklistInquiryGet', answer, 'result.isBlocked');
    return { blocked: r.isBlocked, message: r.message };
  }

  /** Matches claimed details against the civil registry (client credential). */
  async matchIdentity(nationalId: string, claim: IdentityClaim): Promise<IdentityMatchRecord> {
    const answer = await this.upstream.read('facilityCcNidVerificationGet', {
      path: { nid: nationalId },
      query: identityClaimQuery(claim),
    });
    return identityMatchOf(decode('facilityCcNidVerificationGet', answer, IdentityMatchAnswer), claim);
  }

  /** Civil-registry identity confirmed by the person's SMS consent. */
  async getIdentityConfirmedBySms(nationalId: string, birthDate: string): Promise<CivilIdentityRecord> {
    const answer = await this.upstream.read('facilitySmsNidInquiryGet', {
      path: { nid: nationalId },
      query: { birthDate },
    });
    return civilIdentityOf(decode('facilitySmsNidInquiryGet', answer, CivilIdentityAnswer), nationalId);
  }

  /**
   * The photo of the person's national card, for their national id and birth date (the designed
   * `nationalCardImage`: see its catalog notes). A birth date that is not the person's is refused upstream.
   */
  async getNationalCardImage(nationalId: string, birthDate: string): Promise<NationalCardImageRecord> {
    const answer = await this.upstream.read('facilityNationalCardImageGet', {
      query: { nationalCode: nationalId, birthDate },
    });
    const r = decode('facilityNationalCardImageGet', answer, NationalCardImageAnswer);
    if (r.image === null) throw malformedAnswer('facilityNationalCardImageGet', answer, 'result.image');
    return { contentType: r.contentType ?? 'image/jpeg', base64: r.image };
  }

  /** Whether `mobile` is registered to the national id (Shahkar). */
  async isMobileOwner(nationalId: string, mobile: string): Promise<boolean | null> {
    const answer = await this.upstream.read('facilityShahkarVerifyGet', {
      query: { mobile, nationalCode: nationalId },
    });
    return decode('facilityShahkarVerifyGet', answer, OwnershipAnswer).isValid;
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
    const r = decode(operationId, answer, LiveVideoMatchAnswer);
    const speech = claim.speechText === null ? null : decode(operationId, answer, SpeechSimilarityAnswer);
    return {
      faceMatchPercentage: toPercentage(r.faceVerification),
      livenessScore: r.liveness,
      speechSimilarityPercentage: speech && toPercentage(speech.speechSimilarity),
      printLivenessScore: r.printLiveness,
      replayLivenessScore: r.replayLiveness,
      trackingCode: r.trackingCode,
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
    const r = decode(operationId, answer, VideoMatchAnswer);
    return { faceMatchPercentage: toPercentage(r.faceVerification), trackingCode: r.trackingCode };
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
    const r = decode(operationId, answer, PhotoMatchAnswer);
    return { ...faceComparisonOf(r), trackingCode: r.trackingCode };
  }

  /** Whether two photos show the same face (multipart upload), against the caller's threshold or the upstream's default. */
  async compareFaces(image: MediaFile, otherImage: MediaFile, threshold: number | null): Promise<FaceComparisonRecord> {
    const operationId = 'kycCompareTwoImagesPost';
    const answer = await this.upstream.read(operationId, {
      form: { liveImage: image, personImage: otherImage, ...thresholdField(threshold) },
    });
    return faceComparisonOf(decode(operationId, answer, FaceComparisonAnswer));
  }

  /** Reads one side of a national card from a JPEG photo (OCR, multipart upload). */
  async scanNationalCard(side: NationalCardSide, image: MediaFile): Promise<NationalCardScanRecord> {
    const answer = await this.upstream.read('kycOcrPost', { form: { cardImage: image, type: side } });
    const r = decode('kycOcrPost', answer, NationalCardScanAnswer);
    return {
      side,
      nationalId: r.nationalCode,
      firstName: r.firstName,
      lastName: r.lastName,
      fatherName: r.fatherName,
      birthDate: r.birthDate,
      expirationDate: r.expirationDate,
      serial: r.serial,
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
    const r = decode(operationId, answer, ShahabAnswer);
    return {
      code: r.shahabCode,
      confirmed: r.isConfirmed,
      firstName: r.firstName,
      lastName: r.lastName,
      fatherName: r.fatherName,
      gender: r.gender,
      birthDate: slashedDate(r.birthDate),
      identityNumber: r.identityNo,
    };
  }
}

/** A Persian date the upstream writes `YYYYMMDD` (Shahab), as `YYYY/MM/DD`; any other form as it came. */
function slashedDate(date: string | null): string | null {
  const m = date === null ? null : /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  return m ? `${m[1]}/${m[2]}/${m[3]}` : date;
}
