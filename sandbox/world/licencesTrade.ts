/**
 * Trade licences of a company of the world: none to three, each as last issued or renewed after the
 * company's registration. A licence past its expiry is expired; every licence of a company that is
 * no longer active is revoked.
 */
import { addDays, daysBetween, formatSlashed, type JalaliDate } from '../calendar.js';
import { companyOf } from './companies.js';
import { Dice } from './dice.js';
import { REFERENCE_DAY } from './records.js';

export type TradeLicenceStatusText = 'معتبر' | 'منقضی شده' | 'ابطال شده';

export interface WorldTradeLicence {
  readonly licenseNumber: string;
  readonly licenseType: string;
  readonly activity: string;
  readonly issuer: string;
  /** Jalali `YYYY/MM/DD`. */
  readonly issueDate: string;
  readonly expiryDate: string;
  readonly status: TradeLicenceStatusText;
}

interface Kind {
  readonly type: string;
  readonly issuer: string;
  readonly years: number;
}

const KINDS: readonly Kind[] = [
  { type: 'کارت بازرگانی', issuer: 'اتاق بازرگانی، صنایع، معادن و کشاورزی ایران', years: 1 },
  { type: 'پروانه بهره‌برداری', issuer: 'وزارت صنعت، معدن و تجارت', years: 5 },
  { type: 'پروانه کسب', issuer: 'اتحادیه صنف مربوط', years: 5 },
];

/** The activity a licence names: the field of work in the company's name. */
const activityOf = (title: string): string =>
  title
    .replace(/^شرکت /, '')
    .replace(/ \(.*\)$/, '')
    .split(' ')
    .slice(0, -1)
    .join(' ');

export function tradeLicencesOf(nationalId: string): WorldTradeLicence[] {
  const company = companyOf(nationalId);
  const dice = new Dice(`trade-licences|${nationalId}`);
  const count = dice.int(0, KINDS.length);
  const age = daysBetween(company.registration, REFERENCE_DAY);
  return KINDS.slice(0, count).map((kind) => {
    // The latest issue or renewal: most fall within the licence's validity, some were not renewed.
    const issued: JalaliDate = addDays(
      REFERENCE_DAY,
      -dice.int(10, Math.max(Math.min(age - 10, Math.round(kind.years * 365 * 1.3)), 10)),
    );
    const expires: JalaliDate = { ...issued, jy: issued.jy + kind.years, jd: Math.min(issued.jd, 29) };
    const status: TradeLicenceStatusText =
      company.status !== 'فعال' ? 'ابطال شده' : daysBetween(REFERENCE_DAY, expires) < 0 ? 'منقضی شده' : 'معتبر';
    return {
      licenseNumber: dice.digits(11),
      licenseType: kind.type,
      activity: activityOf(company.title),
      issuer: kind.issuer,
      issueDate: formatSlashed(issued),
      expiryDate: formatSlashed(expires),
      status,
    };
  });
}
