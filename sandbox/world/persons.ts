/**
 * The people of the fictional world: every valid national id is one person, the same in every
 * operation. Nothing is stored; each fact is drawn from the national id.
 */
import { jalaaliMonthLength } from 'jalaali-js';
import { formatSlashed, type JalaliDate } from '../calendar.js';
import { addressOf, type PostalAddress } from './addresses.js';
import type { Bank } from './banks.js';
import { isValidNationalId } from './checks.js';
import { Dice } from './dice.js';
import { banksOf } from './households.js';
import { PROVINCES, postalCode } from './namesAndPlaces.js';

export type Gender = 'مرد' | 'زن';
export type DeathStatus = 'زنده' | 'مرده';

export interface Citizen {
  readonly nationalId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly fatherName: string;
  readonly gender: Gender;
  readonly birth: JalaliDate;
  /** Jalali `YYYY/MM/DD`. */
  readonly birthDate: string;
  readonly alive: boolean;
  readonly deathStatus: DeathStatus;
  readonly mobile: string;
  readonly postalCode: string;
  readonly address: PostalAddress;
  /** Birth-certificate number; '0' for people born after 1368, who have none but their national id. */
  readonly identityNo: string;
  readonly identitySeri: string;
  readonly identitySerial: string;
  /** The civil-registry office that registered the birth. */
  readonly officeName: string;
  readonly banks: readonly Bank[];
}

const MALE_NAMES = [
  'علی',
  'محمد',
  'حسین',
  'رضا',
  'مهدی',
  'امیر',
  'حمید',
  'سعید',
  'مجید',
  'احمد',
  'جواد',
  'مصطفی',
  'کاظم',
  'بهروز',
  'فرهاد',
  'داوود',
  'کامران',
  'پیمان',
  'امید',
  'سجاد',
  'عباس',
  'ناصر',
  'یوسف',
  'هادی',
] as const;
const FEMALE_NAMES = [
  'زهرا',
  'فاطمه',
  'مریم',
  'سارا',
  'نرگس',
  'لیلا',
  'مینا',
  'پریسا',
  'الهام',
  'شیوا',
  'نازنین',
  'سمیه',
  'مهسا',
  'ریحانه',
  'طاهره',
  'آزاده',
  'فرشته',
  'هانیه',
  'بهاره',
  'شیرین',
  'معصومه',
  'نسرین',
  'یاسمن',
  'کبری',
] as const;
const FAMILY_NAMES = [
  'محمدی',
  'حسینی',
  'احمدی',
  'رضایی',
  'کریمی',
  'موسوی',
  'جعفری',
  'صادقی',
  'رحیمی',
  'کاظمی',
  'هاشمی',
  'نوری',
  'قاسمی',
  'طاهری',
  'اکبری',
  'عزیزی',
  'مرادی',
  'سلیمانی',
  'یزدانی',
  'فرهادی',
  'شریفی',
  'نجفی',
  'حیدری',
  'باقری',
  'کرمانی',
  'تهرانی',
] as const;
const SERI_LETTERS = ['الف', 'ب', 'ج', 'د', 'ر', 'ل'] as const;

const MCI_PREFIXES = [
  '0910',
  '0911',
  '0912',
  '0913',
  '0914',
  '0915',
  '0916',
  '0917',
  '0918',
  '0919',
  '0990',
  '0991',
  '0992',
  '0993',
  '0994',
];
const MTN_PREFIXES = [
  '0930',
  '0933',
  '0935',
  '0936',
  '0937',
  '0938',
  '0939',
  '0901',
  '0902',
  '0903',
  '0904',
  '0905',
  '0941',
];

const DEATH_CHANCE = 0.03;
export const BIRTH_YEARS = { from: 1340, to: 1385 } as const;
/** Born after this year, a person's identity number is their national id, reported as '0'. */
export const LAST_YEAR_WITH_IDENTITY_NO = 1368;

function birthOf(dice: Dice): JalaliDate {
  const jy = dice.int(BIRTH_YEARS.from, BIRTH_YEARS.to);
  const jm = dice.int(1, 12);
  return { jy, jm, jd: dice.int(1, jalaaliMonthLength(jy, jm)) };
}

function mobileOf(dice: Dice): string {
  const prefix = dice.chance(0.6) ? dice.pick(MCI_PREFIXES) : dice.pick(MTN_PREFIXES);
  return prefix + String(dice.int(0, 9_999_999)).padStart(7, '0');
}

/** The person a valid national id names. Throws for an invalid one: callers validate first. */
export function personOf(nationalId: string): Citizen {
  if (!isValidNationalId(nationalId)) throw new RangeError(`${nationalId} is not a valid national id`);
  const dice = new Dice(`person|${nationalId}`);
  const gender: Gender = dice.chance(0.5) ? 'مرد' : 'زن';
  const firstName = gender === 'مرد' ? dice.pick(MALE_NAMES) : dice.pick(FEMALE_NAMES);
  const lastName = dice.pick(FAMILY_NAMES);
  const fatherName = dice.pick(MALE_NAMES);
  const birth = birthOf(dice);
  const alive = !dice.chance(DEATH_CHANCE);
  const home = postalCode(dice);
  const address = addressOf(home);
  if (!address) throw new Error(`generated postal code ${home} has no address`);
  const identityNo = birth.jy > LAST_YEAR_WITH_IDENTITY_NO ? '0' : String(dice.int(1, 9999));
  return {
    nationalId,
    firstName,
    lastName,
    fatherName,
    gender,
    birth,
    birthDate: formatSlashed(birth),
    alive,
    deathStatus: alive ? 'زنده' : 'مرده',
    mobile: mobileOf(dice),
    postalCode: home,
    address,
    identityNo,
    identitySeri: `${dice.pick(SERI_LETTERS)}/${dice.int(10, 99)}`,
    identitySerial: String(dice.int(100_000, 999_999)),
    officeName: `اداره ثبت احوال ${dice.pick(PROVINCES).city}`,
    banks: banksOf(nationalId),
  };
}

export const fullNameOf = (person: Pick<Citizen, 'firstName' | 'lastName'>): string =>
  `${person.firstName} ${person.lastName}`;
