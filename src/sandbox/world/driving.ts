import { Dice } from './dice.js';

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
