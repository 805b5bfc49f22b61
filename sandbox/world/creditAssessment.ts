/**
 * The credit report (assessment) of a person, as the credit bureau would make it from the world's own
 * records: the person's loans and bounced cheques, a score from 0 to 900 and the risk grade it falls in.
 * Designed (the upstream documents no payload; see the catalog notes of the assessment operations).
 */
import { bouncedChequesOf, type WorldBouncedCheque } from './creditCheques.js';
import { facilitiesOf, facilityTotals, type WorldFacility } from './creditFacilities.js';
import { Dice } from './dice.js';
import { fullNameOf, personOf } from './persons.js';

/** Risk grades, best first: A 700–900, B 600–699, C 500–599, D 400–499, E below 400. */
export const RISK_GRADES = ['A', 'B', 'C', 'D', 'E'] as const;
export type RiskGrade = (typeof RISK_GRADES)[number];

const GRADE_FLOORS: readonly (readonly [RiskGrade, number])[] = [
  ['A', 700],
  ['B', 600],
  ['C', 500],
  ['D', 400],
];

export const riskGradeOf = (score: number): RiskGrade => GRADE_FLOORS.find(([, floor]) => score >= floor)?.[0] ?? 'E';

export interface WorldAssessment {
  readonly nationalId: string;
  readonly name: string;
  readonly score: number;
  readonly grade: RiskGrade;
  readonly facilities: readonly WorldFacility[];
  readonly bouncedCheques: readonly WorldBouncedCheque[];
}

const PENALTY = { pastDue: 40, deferred: 110, doubtful: 180, bouncedCheque: 35 } as const;

/**
 * The score: 760–860 for a clean record (drawn from the id), less a penalty per late loan by how late it
 * is and per bounced cheque (at most ten counted), never below 100.
 */
export function creditScoreOf(
  facilities: readonly WorldFacility[],
  cheques: readonly WorldBouncedCheque[],
  id: string,
) {
  const base = new Dice(`assessment|${id}`).int(760, 860);
  const late = facilities.reduce((sum, f) => sum + (f.standing === 'current' ? 0 : PENALTY[f.standing]), 0);
  return Math.max(100, base - late - Math.min(cheques.length, 10) * PENALTY.bouncedCheque);
}

/** The credit report of a person the world knows (a valid national id). */
export function assessmentOf(nationalId: string): WorldAssessment {
  const person = personOf(nationalId);
  const facilities = facilitiesOf(nationalId);
  const bouncedCheques = bouncedChequesOf(nationalId);
  const score = creditScoreOf(facilities, bouncedCheques, nationalId);
  return {
    nationalId,
    name: fullNameOf(person),
    score,
    grade: riskGradeOf(score),
    facilities,
    bouncedCheques,
  };
}

/** The totals a report carries over its loans, as the facility inquiry gives them. */
export const assessmentTotals = (assessment: WorldAssessment) => facilityTotals(assessment.facilities);

/**
 * A one-page PDF (1.4, Helvetica, ASCII text) of a report: small, valid, and the same bytes for the same
 * report. Names are in Persian, which the standard fonts cannot draw: the page shows the id and figures.
 */
export function assessmentPdf(assessment: WorldAssessment, assessmentId: string): Buffer {
  const totals = assessmentTotals(assessment);
  const lines = [
    'Credit report',
    `Assessment: ${assessmentId}`,
    `National id: ${assessment.nationalId}`,
    `Score: ${assessment.score} of 900`,
    `Risk grade: ${assessment.grade}`,
    `Loans: ${assessment.facilities.length}, total ${totals.total} IRR, owed ${totals.debt} IRR`,
    `Bounced cheques: ${assessment.bouncedCheques.length}`,
  ];
  const text = lines
    .map((line, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 56 ${780 - i * 24} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
