/**
 * The credit validation of a company of the world, derived from the loans and bounced cheques the
 * credit bureau reports for the same legal id, so the two services agree. Companies that are no
 * longer active are not validated.
 */
import { bouncedChequesOf } from './creditCheques.js';
import { facilitiesOf, facilityTotals } from './creditFacilities.js';
import { companyOf } from './companies.js';
import { formatSlashed } from '../calendar.js';
import { REFERENCE_DAY } from './records.js';

export type CreditGrade = 'A' | 'B' | 'C' | 'D' | 'E';
export type CreditRisk = 'LOW' | 'MEDIUM' | 'HIGH';

export interface WorldCreditValidation {
  readonly score: number;
  readonly grade: CreditGrade;
  readonly riskLevel: CreditRisk;
  readonly riskDescription: string;
  /** Jalali `YYYY/MM/DD`. */
  readonly validationDate: string;
  /** Rials, strings of digits. */
  readonly totalFacilityAmount: string;
  readonly overdueFacilityAmount: string;
  readonly facilityCount: number;
  readonly bouncedChequeCount: number;
  readonly bouncedChequeAmount: string;
}

const MAX_SCORE = 900;
const GRADES: readonly (readonly [minimum: number, grade: CreditGrade, risk: CreditRisk])[] = [
  [800, 'A', 'LOW'],
  [650, 'B', 'LOW'],
  [500, 'C', 'MEDIUM'],
  [350, 'D', 'HIGH'],
  [0, 'E', 'HIGH'],
];
const RISK_TEXT: Readonly<Record<CreditRisk, string>> = { LOW: 'ریسک پایین', MEDIUM: 'ریسک متوسط', HIGH: 'ریسک بالا' };

/** Undefined for a company that is dissolved or being wound up. */
export function creditValidationOf(nationalId: string): WorldCreditValidation | undefined {
  if (companyOf(nationalId).status !== 'فعال') return undefined;
  const facilities = facilitiesOf(nationalId);
  const totals = facilityTotals(facilities);
  const cheques = bouncedChequesOf(nationalId);
  const overdue = Number(totals.pastDue) + Number(totals.deferred) + Number(totals.doubtful);
  const overdueShare = Number(totals.debt) > 0 ? overdue / Number(totals.debt) : 0;
  const penalty = cheques.length * 45 + Math.round(overdueShare * 300) + (totals.dishonoured ? 200 : 0);
  const score = Math.max(0, MAX_SCORE - 40 - penalty);
  const [, grade, riskLevel] = GRADES.find(([minimum]) => score >= minimum) ?? GRADES[GRADES.length - 1]!;
  return {
    score,
    grade,
    riskLevel,
    riskDescription: RISK_TEXT[riskLevel],
    validationDate: formatSlashed(REFERENCE_DAY),
    totalFacilityAmount: totals.total,
    overdueFacilityAmount: String(overdue),
    facilityCount: facilities.length,
    bouncedChequeCount: cheques.length,
    bouncedChequeAmount: String(cheques.reduce((sum, cheque) => sum + Number(cheque.amount), 0)),
  };
}
