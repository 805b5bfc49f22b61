/** How the verification answers are read: status words, scores and percentages, and form fields. */
import type { JsonObject, RecordReader } from '../shared/read.js';
import { flag } from '../shared/readers.js';
import type { FaceComparisonRecord, IbanOwnership, TaxDebtStatus } from '../types/verification.js';

/** The upstream's tax debt statuses. */
export const TAX_DEBT_STATUS: Readonly<Record<string, TaxDebtStatus>> = {
  UNPAID: 'UNPAID',
  OVERDUE: 'OVERDUE',
  INSTALLMENT: 'IN_INSTALLMENTS',
};

/** The upstream's answers to whether an IBAN is the person's. */
export const IBAN_OWNERSHIP: Readonly<Record<string, IbanOwnership>> = {
  yes: 'YES',
  no: 'NO',
  most_possible: 'MOST_PROBABLE',
};

/** The optional `threshold` form field; left out for the upstream's default. */
export const thresholdField = (threshold: number | null): { threshold?: string } =>
  threshold === null ? {} : { threshold: String(threshold) };

/** The fields both face comparisons answer with: `isVerified`, `verificationScore`, `verificationThreshold`, `message`. */
export function faceComparison(read: RecordReader, r: JsonObject): FaceComparisonRecord {
  return {
    verified: flag(read, r.isVerified),
    score: score(read, r.verificationScore, 'verification score'),
    threshold: score(read, r.verificationThreshold, 'verification threshold'),
    message: read.text(r.message),
  };
}

/** A number sent as a JSON number or a numeric string; null when absent. */
export function score(read: RecordReader, value: unknown, what: string): number | null {
  const text = read.text(value);
  if (text === null) return null;
  const number = Number(text);
  if (!Number.isFinite(number)) return read.fail(what);
  return number;
}

/**
 * A match score as a percentage 0–100. The upstream sends some as a fraction (the docs' threshold
 * for a face match is 0.9) and some as a percentage (the docs' sample is 95.7): a value from 0 to 1
 * is taken as a fraction, above 1 as a percentage. Rounded to two decimals; null when absent or
 * outside both ranges.
 */
export function toPercentage(value: number | null): number | null {
  if (value === null || !Number.isFinite(value) || value < 0) return null;
  const percent = value <= 1 ? value * 100 : value;
  return percent > 100 ? null : Math.round(percent * 100) / 100;
}
