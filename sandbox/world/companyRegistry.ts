/**
 * What the companies registry adds to a company of the world beyond `companyOf`: the registry office
 * and unit, registration type code, fax, last update and knowledge-based certification. Drawn from a
 * dice of their own, so `companyOf` stays as it is.
 */
import { toGregorian } from 'jalaali-js';
import { addDays, formatSlashed } from '../calendar.js';
import { addressOf } from './addresses.js';
import { companyOf, type LegalFormName } from './companies.js';
import { Dice } from './dice.js';
import { REFERENCE_DAY } from './records.js';

export interface CompanyRegistry {
  /** edareKol. */
  readonly registryOffice: string;
  /** vahedSabti. */
  readonly registryUnit: string;
  readonly registrationTypeId: number;
  readonly fax: string;
  /** Gregorian `YYYY-MM-DDTHH:mm:ss`, Tehran wall-clock time. */
  readonly lastUpdate: string;
  /** Gregorian `YYYY-MM-DDT00:00:00` of the registration day. */
  readonly registrationDateGregorian: string;
  readonly knowledgeBased: {
    readonly state: string;
    readonly category: string;
    readonly confirmationDate: string;
  } | null;
}

/** The registry's codes of the legal forms of the world. */
export const REGISTRATION_TYPE_IDS: Readonly<Record<LegalFormName, number>> = {
  'سهامی خاص': 1,
  'سهامی عام': 2,
  'با مسئولیت محدود': 3,
  تعاونی: 4,
};

const KNOWLEDGE_CATEGORIES = ['تولیدی نوع یک', 'تولیدی نوع دو', 'نوپا نوع یک', 'نوپا نوع دو'] as const;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function gregorianOf(date: { jy: number; jm: number; jd: number }): string {
  const { gy, gm, gd } = toGregorian(date.jy, date.jm, date.jd);
  return `${pad(gy, 4)}-${pad(gm)}-${pad(gd)}`;
}

export function registryOf(nationalId: string): CompanyRegistry {
  const company = companyOf(nationalId);
  const dice = new Dice(`registry|${nationalId}`);
  const province = addressOf(company.postalCode)?.Province ?? 'تهران';
  const updated = addDays(REFERENCE_DAY, -dice.int(1, 90));
  const confirmed = addDays(REFERENCE_DAY, -dice.int(30, 1500));
  return {
    registryOffice: `اداره کل ثبت اسناد و املاک استان ${province}`,
    registryUnit: `اداره ثبت شرکت‌ها و مؤسسات غیرتجاری ${province}`,
    registrationTypeId: REGISTRATION_TYPE_IDS[company.legalForm],
    fax: `${company.tel.slice(0, 3)}${dice.digits(8)}`,
    lastUpdate: `${gregorianOf(updated)}T${pad(dice.int(8, 17))}:${pad(dice.int(0, 59))}:${pad(dice.int(0, 59))}`,
    registrationDateGregorian: `${gregorianOf(company.registration)}T00:00:00`,
    knowledgeBased: company.knowledgeBased
      ? { state: 'تایید شده', category: dice.pick(KNOWLEDGE_CATEGORIES), confirmationDate: formatSlashed(confirmed) }
      : null,
  };
}
