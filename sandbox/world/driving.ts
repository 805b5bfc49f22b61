import { Dice } from './dice.js';
import { usDateTimeBefore } from './wallClock.js';

export interface NegativeScore {
  readonly LicenseNumber: string;
  readonly NegativeScore: string;
  readonly OffenseCount: number | null;
  readonly Rule: string;
}

/** Points at which the licence is suspended. */
const SUSPENSION_THRESHOLD = 30;

/** The driving-licence negative points of the fictional world, a pure function of the licence number. */
export function negativeScore(licenseNumber: string): NegativeScore {
  const dice = new Dice(`negative-score|${licenseNumber}`);
  if (dice.chance(0.5)) {
    return { LicenseNumber: licenseNumber, NegativeScore: '0', OffenseCount: dice.chance(0.5) ? null : 0, Rule: '-' };
  }
  const score = dice.int(1, SUSPENSION_THRESHOLD);
  return {
    LicenseNumber: licenseNumber,
    NegativeScore: String(score),
    OffenseCount: dice.int(Math.ceil(score / 6), score),
    Rule: score >= SUSPENSION_THRESHOLD ? 'توقیف گواهینامه به مدت سه ماه و معرفی به دوره آموزشی' : '-',
  };
}

export interface WorldLicence {
  readonly licenseNumber: string;
  readonly licenseType: string;
  readonly licenseStatus: string;
  readonly barCode: string;
  /** Gregorian `MM/DD/YYYY HH:mm:ss`, Tehran time. */
  readonly issueDate: string;
  readonly licenseValidityPeriod: string;
}

const LICENCE_CLASSES = ['پایه سوم', 'پایه دوم', 'پایه یکم', 'موتورسیکلت'] as const;

/**
 * The driving licences of a person: none for about one in five, else a car licence and sometimes a
 * motorcycle one. Licence numbers are ten digits, so each has its negative points in `negativeScore`.
 */
export function licencesOf(nationalId: string): WorldLicence[] {
  const dice = new Dice(`licences|${nationalId}`);
  if (dice.chance(0.2)) return [];
  const classes = [dice.pick(LICENCE_CLASSES.slice(0, 3))];
  if (dice.chance(0.3)) classes.push('موتورسیکلت');
  return classes.map((licenseType) => ({
    licenseNumber: dice.digits(10),
    licenseType,
    licenseStatus: dice.chance(0.9) ? 'فعال' : 'باطل شده',
    barCode: dice.digits(12),
    issueDate: usDateTimeBefore(dice.int(200, 5000), dice),
    licenseValidityPeriod: '10 سال',
  }));
}

/** The driver risk score (0–20, one decimal) of a person who holds a licence; null for one who holds none. */
export function driverRiskOf(nationalId: string): number | null {
  if (licencesOf(nationalId).length === 0) return null;
  return new Dice(`driver-risk|${nationalId}`).int(0, 200) / 10;
}
