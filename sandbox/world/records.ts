/**
 * What the state registries hold about a person beyond the civil record: military service, Shahab
 * code, passport, the central bank blacklist, Sana registration. All drawn from the national id.
 */
import { addMonths, addDays, formatSlashed, type JalaliDate } from '../calendar.js';
import { Dice } from './dice.js';
import { personOf } from './persons.js';
import { REFERENCE_MONTH } from './utilities.js';

/** The day the world stands on, so answers never drift with the clock. */
export const REFERENCE_DAY: JalaliDate = { ...REFERENCE_MONTH, jd: 15 };

export interface MilitaryStatus {
  readonly conversationId: string;
  readonly type: 'ORDINARY' | 'EXCEPTION';
  readonly condition: 'ALLOWED' | 'NOT_ALLOWED';
  readonly conditionDescription: string;
  readonly isAllowed: boolean;
}

/** Men born in 1350 or later may still owe service; women and older men never do. */
export const FIRST_CONSCRIPT_YEAR = 1350;

/** A UUID-shaped id drawn from a seed. */
export function derivedUuid(seed: string): string {
  const dice = new Dice(`uuid|${seed}`);
  const hex = Array.from({ length: 32 }, () => dice.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** A registry tracking code: stable for the same service and inputs. */
export const trackingCodeOf = (service: string, key: string): string =>
  new Dice(`tracking|${service}|${key}`).digits(12);

export function militaryStatusOf(nationalId: string): MilitaryStatus {
  const person = personOf(nationalId);
  const conversationId = derivedUuid(`military|${nationalId}`);
  const allowed = (type: MilitaryStatus['type'], conditionDescription: string): MilitaryStatus => ({
    conversationId,
    type,
    condition: 'ALLOWED',
    conditionDescription,
    isAllowed: true,
  });
  if (person.gender === 'زن') return allowed('EXCEPTION', 'بانوان مشمول خدمت وظیفه عمومی نیستند');
  if (person.birth.jy < FIRST_CONSCRIPT_YEAR) return allowed('EXCEPTION', 'خارج از سن مشمولیت');
  const roll = new Dice(`military|${nationalId}`).next();
  if (roll < 0.55) return allowed('ORDINARY', 'دارای کارت پایان خدمت');
  if (roll < 0.75) return allowed('EXCEPTION', 'دارای کارت معافیت دائم');
  return {
    conversationId,
    type: 'ORDINARY',
    condition: 'NOT_ALLOWED',
    conditionDescription: 'مشمول خدمت وظیفه عمومی',
    isAllowed: false,
  };
}

/** 16 digits: 1 (natural person), the national id, 5 digits of the registry's own. */
export const shahabCodeOf = (nationalId: string): string =>
  `1${nationalId}${new Dice(`shahab|${nationalId}`).digits(5)}`;

export interface Blacklisting {
  readonly isBlocked: boolean;
  readonly message: string;
}

export function blacklistingOf(nationalId: string): Blacklisting {
  const isBlocked = new Dice(`blacklist|${nationalId}`).chance(0.05);
  return {
    isBlocked,
    message: isBlocked ? 'کد ملی در فهرست سیاه بانک مرکزی قرار دارد' : 'کد ملی در فهرست سیاه بانک مرکزی قرار ندارد',
  };
}

export interface Passport {
  readonly passportRequest: boolean;
  readonly requestDescription: string | null;
  readonly requestDate: string | null;
  readonly passportSerial: string | null;
  readonly hasPassport: boolean;
  readonly passportNumber: string | null;
  readonly issueDate: string | null;
  readonly validityDate: string | null;
  readonly passportStatus: string | null;
}

const PASSPORT_YEARS = 7;

export function passportOf(nationalId: string): Passport {
  const dice = new Dice(`passport|${nationalId}`);
  const hasPassport = dice.chance(0.45);
  const request = dice.chance(0.1) ? addDays(REFERENCE_DAY, -dice.int(1, 60)) : undefined;
  const requestPart = {
    passportRequest: request !== undefined,
    requestDescription: request ? 'درخواست صدور گذرنامه در حال بررسی است' : null,
    requestDate: request ? formatSlashed(request) : null,
  };
  if (!hasPassport) {
    return {
      ...requestPart,
      passportSerial: null,
      hasPassport,
      passportNumber: null,
      issueDate: null,
      validityDate: null,
      passportStatus: null,
    };
  }
  const issued = addDays(REFERENCE_DAY, -dice.int(30, 365 * 9));
  const validUntil = addMonths(issued, PASSPORT_YEARS * 12);
  const expired = formatSlashed(validUntil) < formatSlashed(REFERENCE_DAY);
  return {
    ...requestPart,
    passportSerial: dice.digits(10),
    hasPassport,
    passportNumber: `${dice.pick(['A', 'B', 'E', 'P'])}${dice.digits(8)}`,
    issueDate: formatSlashed(issued),
    validityDate: formatSlashed(validUntil),
    passportStatus: expired ? 'منقضی شده' : 'معتبر',
  };
}

/** Sana (judiciary e-services) registration; the dead are never registered. */
export function sanaRegisteredOf(identifier: string): boolean {
  if (identifier.length === 10 && !personOf(identifier).alive) return false;
  return new Dice(`sana|${identifier}`).chance(0.75);
}
