/** Lenient readers of the kyb group's records: role and status words, dates in either calendar, topics, mobiles. */
import { isoToJalali, jalaliToIso } from '../../lib/jalali.js';
import { isValidMobile, parseMobile } from '../../validation/identifiers.js';
import type { RecordReader } from '../shared/read.js';
import type {
  BoardMemberRecord,
  BoardRole,
  CompanyStatusCode,
  LegalForm,
  TradeLicenceStatus,
} from '../types/companies.js';

/**
 * A day as a Jalali `YYYY/MM/DD`: the registry writes Jalali dates, but some answers carry Gregorian
 * ones (`YYYY-MM-DD`, with or without a time), which are converted. Null when neither.
 */
export function jalaliDay(read: RecordReader, value: unknown): string | null {
  const text = read.text(value);
  if (text === null) return null;
  const gregorian = /^((?:19|20)\d\d-\d\d-\d\d)(?:[T ].*)?$/.exec(text);
  if (gregorian) return isoToJalali(gregorian[1]!);
  const jalali = /^1[2-5]\d\d[/-]\d{1,2}[/-]\d{1,2}$|^1[2-5]\d{6}$/.test(text) ? jalaliToIso(text) : null;
  return jalali === null ? null : isoToJalali(jalali);
}

/** A person's or company's id; one sent as a JSON number has lost its leading zeros, given back here. */
export function registryId(read: RecordReader, value: unknown): string | null {
  const text = read.text(value);
  return typeof value === 'number' && text !== null && text.length < 10 ? text.padStart(10, '0') : text;
}

/** A valid mobile in canonical `09…` form, or null. */
export function mobileOf(read: RecordReader, ...values: unknown[]): string | null {
  for (const value of values) {
    const text = read.text(value);
    if (text !== null && isValidMobile(text)) return parseMobile(text, 'mobile');
  }
  return null;
}

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

/** Topics arrive as an array of texts or as one text, its items on separate lines or split by `؛`. */
export function topics(read: RecordReader, value: unknown): string[] {
  const items = Array.isArray(value)
    ? value.map((item) => read.text(item))
    : (read.text(value)?.split(/\r?\n|؛/) ?? []);
  return items.map((item) => item?.trim() ?? '').filter((item) => item !== '');
}

/** One board seat of boardMembers or authorizedSignatories. */
export function boardMember(read: RecordReader, companyId: string, item: unknown): BoardMemberRecord {
  const r = read.object(item, 'board member');
  const title = read.text(r.title);
  return {
    companyId,
    nationalId: registryId(read, r.nationalId),
    name: read.text(r.name),
    mobile: mobileOf(read, r.mobile, r.privateMobile),
    title,
    role: boardRole(title),
    termStart: jalaliDay(read, r.startDate),
    termEnd: jalaliDay(read, r.endDate),
    termYears: read.count(r.duration, 'board term'),
    appointmentNoticeId: read.text(r.byNewsId),
  };
}
