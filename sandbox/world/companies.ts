/**
 * The companies of the fictional world: every valid 11-digit legal national id is one company, the
 * same in every operation. Its board members and signatories are people of the same world (valid
 * national ids, alive), so a board member's identity, accounts and vehicles agree everywhere.
 */
import { addDays, formatSlashed, type JalaliDate } from '../calendar.js';
import { isValidLegalId } from '../validation.js';
import { addressOf, addressText, coordinatesOf, type Coordinates } from './addresses.js';
import { Dice } from './dice.js';
import { nationalIdOfKey } from './households.js';
import { postalCode } from './namesAndPlaces.js';
import { personOf } from './persons.js';
import { REFERENCE_DAY } from './records.js';

export type BoardRole = 'CHAIRMAN' | 'VICE_CHAIRMAN' | 'CEO' | 'MEMBER';

/** How a seat signs binding documents, as the gazette notice of the signing rights words it. */
export type SignatureKind = 'obligatory' | 'normal' | 'obligatoryAndNormal';

export interface BoardSeat {
  readonly nationalId: string;
  readonly role: BoardRole;
  /** The position as the gazette writes it. */
  readonly title: string;
  /** Null for a member without signing rights. */
  readonly signature: SignatureKind | null;
  /** Jalali `YYYY/MM/DD`. */
  readonly startDate: string;
  readonly endDate: string;
  /** Years of the term. */
  readonly duration: number;
}

export type CompanyStatus = 'فعال' | 'منحل شده' | 'در حال تصفیه';

export interface WorldCompany {
  readonly nationalId: string;
  readonly title: string;
  /** Legal form, e.g. `سهامی خاص`. */
  readonly legalForm: LegalFormName;
  readonly registrationNo: string;
  readonly registration: JalaliDate;
  /** Jalali `YYYY/MM/DD`. */
  readonly registrationDate: string;
  /** Rials, a string of digits. */
  readonly capital: string;
  readonly postalCode: string;
  readonly address: string;
  readonly coordinates: Coordinates;
  readonly taxNumber: string;
  readonly tel: string;
  readonly email: string;
  readonly website: string;
  readonly status: CompanyStatus;
  readonly knowledgeBased: boolean;
  /** The board, chairman first; a large board (15 to 21 seats) gives every member signing rights. */
  readonly board: readonly BoardSeat[];
}

const LEGAL_FORMS = ['سهامی خاص', 'سهامی خاص', 'با مسئولیت محدود', 'سهامی عام', 'تعاونی'] as const;
export type LegalFormName = (typeof LEGAL_FORMS)[number];
const FIELDS = [
  'صنایع غذایی',
  'فناوری اطلاعات',
  'بازرگانی',
  'ساختمانی',
  'حمل و نقل',
  'پتروشیمی',
  'داروسازی',
  'نساجی',
  'مهندسی',
] as const;
const BRANDS = [
  'آرمان',
  'پارس',
  'سپهر',
  'البرز',
  'نوین',
  'کاوش',
  'آفتاب',
  'مهر',
  'دماوند',
  'زاگرس',
  'آریا',
  'سامان',
] as const;
const TITLES: Readonly<Record<BoardRole, string>> = {
  CHAIRMAN: 'رئیس هیئت مدیره',
  VICE_CHAIRMAN: 'نایب رئیس هیئت مدیره',
  CEO: 'مدیرعامل و عضو هیئت مدیره',
  MEMBER: 'عضو هیئت مدیره',
};

const LARGE_BOARD_CHANCE = 0.05;
const TERM_YEARS = 2;

/** Distinct, valid national ids of living people, drawn from the dice. */
function livingPeople(dice: Dice, count: number): string[] {
  const chosen = new Set<string>();
  while (chosen.size < count) {
    const nationalId = nationalIdOfKey(dice.digits(9));
    if (nationalId && personOf(nationalId).alive) chosen.add(nationalId);
  }
  return [...chosen];
}

function roleOf(index: number): BoardRole {
  return index === 0 ? 'CHAIRMAN' : index === 1 ? 'VICE_CHAIRMAN' : index === 2 ? 'CEO' : 'MEMBER';
}

function boardOf(dice: Dice): BoardSeat[] {
  const large = dice.chance(LARGE_BOARD_CHANCE);
  const size = large ? dice.int(15, 21) : dice.int(3, 7);
  const start = addDays(REFERENCE_DAY, -dice.int(30, 700));
  const end = { ...start, jy: start.jy + TERM_YEARS };
  return livingPeople(dice, size).map((nationalId, index) => {
    const role = roleOf(index);
    const signature: SignatureKind | null =
      role === 'CEO'
        ? 'obligatoryAndNormal'
        : role === 'CHAIRMAN'
          ? 'obligatory'
          : large || role === 'VICE_CHAIRMAN'
            ? 'normal'
            : null;
    return {
      nationalId,
      role,
      title: TITLES[role],
      signature,
      startDate: formatSlashed(start),
      endDate: formatSlashed(end),
      duration: TERM_YEARS,
    };
  });
}

const cache = new Map<string, WorldCompany>();
const CACHE_LIMIT = 2000;

/** The company a valid legal national id names. Throws for an invalid one: callers validate first. */
export function companyOf(nationalId: string): WorldCompany {
  const cached = cache.get(nationalId);
  if (cached) return cached;
  if (!isValidLegalId(nationalId)) throw new RangeError(`${nationalId} is not a valid legal national id`);
  const dice = new Dice(`company|${nationalId}`);
  const legalForm = dice.pick(LEGAL_FORMS);
  const title = `شرکت ${dice.pick(FIELDS)} ${dice.pick(BRANDS)} (${legalForm})`;
  const registration = { jy: dice.int(1360, 1402), jm: dice.int(1, 12), jd: dice.int(1, 29) };
  const postal = postalCode(dice);
  const address = addressOf(postal);
  const coordinates = coordinatesOf(postal);
  if (!address || !coordinates) throw new Error(`generated postal code ${postal} has no address`);
  const company: WorldCompany = {
    nationalId,
    title,
    legalForm,
    registrationNo: String(dice.int(1000, 599_999)),
    registration,
    registrationDate: formatSlashed(registration),
    capital: String(dice.int(1, 5000) * 1_000_000),
    postalCode: postal,
    address: addressText(address),
    coordinates,
    taxNumber: dice.digits(12),
    tel: `021${dice.digits(8)}`,
    email: `info@company${nationalId.slice(-5)}.ir`,
    website: `https://company${nationalId.slice(-5)}.ir`,
    status: dice.chance(0.9) ? 'فعال' : dice.chance(0.5) ? 'منحل شده' : 'در حال تصفیه',
    knowledgeBased: dice.chance(0.15),
    board: boardOf(dice),
  };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(nationalId, company);
  return company;
}

/** Whether a legal national id names a company of the world (every valid one does). */
export const isCompanyId = (value: string): boolean => isValidLegalId(value);
