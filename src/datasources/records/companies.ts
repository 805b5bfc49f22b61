/** The kyb group's answers (`/kyb`), as the upstream writes them, and the words read from them. */
import { z } from 'zod';
import { gregorianWallClockToIso } from '../../lib/gregorianWallClock.js';
import { isoToJalali, jalaliToIso } from '../../lib/jalali.js';
import { isValidMobile, parseMobile } from '../../validation/identifiers.js';
import { gender } from '../shared/civilRegistry.js';
import { aliased, count, flag, list, optionalRecord, record, rial, text, textOf, word } from '../shared/shapes.js';
import type {
  BoardRole,
  CompanyStatusCode,
  CreditRiskLevel,
  LegalForm,
  SignatureKind,
  TradeLicenceStatus,
} from '../types/companies.js';

/** A leaf read from any value, never unreadable. */
const lenient = <T>(read: (value: unknown) => T) => z.unknown().optional().transform(read);

/**
 * A day as a Jalali `YYYY/MM/DD`: the registry writes Jalali dates, but some answers carry Gregorian
 * ones (`YYYY-MM-DD`, with or without a time), which are converted. Null when neither.
 */
function jalaliDayOf(value: unknown): string | null {
  const text = textOf(value);
  if (text === null) return null;
  const gregorian = /^((?:19|20)\d\d-\d\d-\d\d)(?:[T ].*)?$/.exec(text);
  if (gregorian) return isoToJalali(gregorian[1]!);
  const jalali = /^1[2-5]\d\d[/-]\d{1,2}[/-]\d{1,2}$|^1[2-5]\d{6}$/.test(text) ? jalaliToIso(text) : null;
  return jalali === null ? null : isoToJalali(jalali);
}

/** See `jalaliDayOf`. */
export const jalaliDay = lenient(jalaliDayOf);

/** A person's or company's id; one sent as a JSON number has lost its leading zeros, given back here. */
export const registryId = lenient((value) => {
  const text = textOf(value);
  return typeof value === 'number' && text !== null && text.length < 10 ? text.padStart(10, '0') : text;
});

/** A valid mobile in canonical `09…` form, or null. */
export const mobile = lenient((value) => {
  const text = textOf(value);
  return text !== null && isValidMobile(text) ? parseMobile(text, 'mobile') : null;
});

/** Coordinates arrive as numbers or numeric strings; null otherwise. */
const coordinate = lenient((value) => {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : null;
});

/** A Gregorian wall-clock time of the registry (`lastUpdate`) as an ISO-8601 instant. */
const wallClock = lenient((value) => gregorianWallClockToIso(textOf(value)));

/** Topics arrive as an array of texts or as one text, its items on separate lines or split by `؛`. */
const topics = lenient((value) => {
  const items = Array.isArray(value) ? value.map((item) => textOf(item)) : (textOf(value)?.split(/\r?\n|؛/) ?? []);
  return items.map((item) => item?.trim() ?? '').filter((item) => item !== '');
});

const RISK_LEVELS: Readonly<Record<string, CreditRiskLevel>> = { LOW: 'LOW', MEDIUM: 'MEDIUM', HIGH: 'HIGH' };

/** The role a gazette position title names; the vice chair before the chair, the CEO before plain membership. */
export function boardRole(title: string | null): BoardRole {
  if (!title) return 'OTHER';
  if (title.includes('نایب رئیس') || title.includes('نایب رییس')) return 'VICE_CHAIRMAN';
  if (
    title.includes('رئیس هیئت') ||
    title.includes('رییس هیئت') ||
    title.includes('رئیس هیات') ||
    title.includes('رییس هیات')
  )
    return 'CHAIRMAN';
  if (title.includes('مدیرعامل') || title.includes('مدیر عامل')) return 'CEO';
  if (title.includes('عضو')) return 'MEMBER';
  return 'OTHER';
}

export function companyStatus(text: string | null): CompanyStatusCode | null {
  if (text === null) return null;
  if (text.includes('تصفیه')) return 'IN_LIQUIDATION';
  if (text.includes('منحل')) return 'DISSOLVED';
  if (text === 'فعال') return 'ACTIVE';
  return 'OTHER';
}

export function legalForm(text: string | null): LegalForm | null {
  if (text === null) return null;
  if (text.includes('سهامی خاص')) return 'PRIVATE_JOINT_STOCK';
  if (text.includes('سهامی عام')) return 'PUBLIC_JOINT_STOCK';
  if (text.includes('مسئولیت محدود') || text.includes('مسئولیت‌محدود')) return 'LIMITED_LIABILITY';
  if (text.includes('تعاونی')) return 'COOPERATIVE';
  return 'OTHER';
}

export function licenceStatus(text: string | null): TradeLicenceStatus {
  if (text === null) return 'OTHER';
  if (text.includes('ابطال') || text.includes('باطل')) return 'REVOKED';
  if (text.includes('منقضی')) return 'EXPIRED';
  if (text === 'معتبر' || text === 'فعال') return 'VALID';
  return 'OTHER';
}

/** `kybCompanyInfoGet`. The registration day comes as `persianRegistrationDate` or `registrationDate`. */
export const CompanyInfoAnswer = record({
  title: text,
  status: text,
  registrationTypeTitle: text,
  registrationTypeId: text,
  registrationNo: text,
  persianRegistrationDate: jalaliDay,
  registrationDate: jalaliDay,
  capital: rial,
  address: text,
  postalCode: text,
  lat: coordinate,
  lng: coordinate,
  taxNumber: text,
  tel: text,
  fax: text,
  email: text,
  website: text,
  edareKol: text,
  vahedSabti: text,
  lastUpdate: wallClock,
  knowledgeBasedState: text,
  knowledgeBasedCategory: text,
  knowledgeBasedConfirmationDate: jalaliDay,
});

/** One seat of a board, in `kybBoardMembersGet` and `kybAuthorizedSignatoriesGet`; the mobile may be `privateMobile`. */
export const BoardMemberEntry = record({
  nationalId: registryId,
  name: text,
  mobile,
  privateMobile: mobile,
  title: text,
  startDate: jalaliDay,
  endDate: jalaliDay,
  duration: count,
  byNewsId: text,
  gender,
  email: text,
  pictureUrl: text,
  positionId: text,
  tagline: text,
  firstRole: text,
  secondRole: text,
});

/** `kybBoardMembersGet` (designed answer `{ companyId, boardMembers }`). */
export const BoardMembersAnswer = record({ boardMembers: list(BoardMemberEntry) });

/**
 * A group of signing-rights holders of `kybAuthorizedSignatoriesGet`; absent when the group has none. Its
 * `relationships[]` (designed) relate a holder of the group, by `nationalId`, to another holder.
 */
const SignatureGroup = optionalRecord({
  holders: list(record({ nationalId: registryId, name: text, title: text, mobile })),
  relationships: list(
    record({ nationalId: registryId, relatedNationalId: registryId, relatedName: text, relationType: text }),
  ),
});

/** `kybAuthorizedSignatoriesGet`. */
export const AuthorizedSignatoriesAnswer = record({
  boardMembers: list(BoardMemberEntry),
  signholdersStatus: optionalRecord({
    obligatorySignature: SignatureGroup,
    normalSignature: SignatureGroup,
    obligatoryAndNormalSignature: SignatureGroup,
  }),
  newsId: text,
  companyTitle: text,
  signatureItemFullText: text,
  allowedTopics: topics,
  newspaperDate: jalaliDay,
  newsletterDate: jalaliDay,
  lastNewspaperDate: jalaliDay,
});

/** `kybCorporateJournalGet`: a list of notices; the newsletter day is also spelled `newsLetterDate`. */
export const CorporateJournalAnswer = list(
  aliased(
    { newsletterDate: 'newsLetterDate' },
    record({
      newsId: text,
      companyId: text,
      title: text,
      description: text,
      capitalTo: rial,
      newspaperDate: jalaliDay,
      newsletterDate: jalaliDay,
      newspaperNumber: text,
      newspaperCity: text,
      pageNumber: count,
      indicatorNumber: text,
    }),
  ),
);

/** `kybMatchLegalIdWithMembersGet`. */
export const MembershipAnswer = record({
  isMatched: flag,
  positions: list(
    record({
      positionName: text,
      issueTrackingNo: text,
      rrkNewsPaperDate: jalaliDay,
      rrkNewsPaperNumber: text,
      rrkPageNumber: count,
    }),
  ),
});

/** `kybTradeLicensesGet` (designed operation). */
export const TradeLicencesAnswer = record({
  licenses: list(
    record({
      licenseNumber: text,
      licenseType: text,
      activity: text,
      issuer: text,
      issueDate: jalaliDay,
      expiryDate: jalaliDay,
      status: text,
    }),
  ),
});

/** `kybBusinessCreditValidationGet` (designed operation). Grade and risk level in any case. */
export const CreditValidationAnswer = record({
  score: count,
  grade: lenient((value) => textOf(value)?.toUpperCase() ?? null),
  riskLevel: word(RISK_LEVELS, (level) => level.toUpperCase()),
  riskDescription: text,
  validationDate: jalaliDay,
  totalFacilityAmount: rial,
  overdueFacilityAmount: rial,
  facilityCount: count,
  bouncedChequeCount: count,
  bouncedChequeAmount: rial,
});

/** The signature kinds of the gazette signature verification, in any case. */
const SIGNATURE_TYPES: Readonly<Record<string, SignatureKind>> = {
  obligatory: 'OBLIGATORY',
  normal: 'NORMAL',
  obligatoryandnormal: 'OBLIGATORY_AND_NORMAL',
};

/** `kybGazetteSignatureVerificationSubmitPost` (designed operation): the requestId to poll by (required). */
export const GazetteSignatureSubmitAnswer = record({ requestId: text });

/**
 * `kybGazetteSignatureVerificationResultGet` (designed operation): `PENDING`, `SUCCESS` with the verdict
 * under `data`, or `FAILED` with an optional `error` block (a falsy one counts as absent); any other status
 * is unreadable.
 */
export const GazetteSignatureResultAnswer = z.discriminatedUnion('status', [
  record({ status: z.literal('PENDING') }),
  record({
    status: z.literal('SUCCESS'),
    data: record({
      isVerified: flag,
      signatureType: word(SIGNATURE_TYPES, (type) => type.toLowerCase().replace(/[^a-z]/g, '')),
      positionName: text,
      newsId: text,
      newspaperDate: jalaliDay,
      newspaperNumber: text,
    }),
  }),
  record({
    status: z.literal('FAILED'),
    error: z.preprocess((error) => error || null, optionalRecord({ code: text, message: text })),
  }),
]);
