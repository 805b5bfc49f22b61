/** Readers shared by the vehicle and traffic datasources. */
import { parseJson } from '../../lib/json.js';
import type { JsonObject, RecordReader } from '../shared/read.js';
import type { InsuranceDiscountsRecord, InsuranceEndorsementRecord } from '../types/vehicles.js';

/** The "no data" answer some inquiries give instead of a record: `{ result: 110 | 120, message }`. */
/** A decimal number sent as a number or a string (percentages, scores); null when absent or unreadable. */
export function decimal(read: RecordReader, value: unknown): number | null {
  const text = read.text(value);
  if (text === null) return null;
  const number = Number(text.replace(/[%٪]/g, '').trim());
  return Number.isFinite(number) ? number : null;
}

/** A small count such as axles or years; null when absent, `-` or not a whole number. */
export function smallCount(read: RecordReader, value: unknown): number | null {
  const number = decimal(read, value);
  return number !== null && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

export function discounts(
  read: RecordReader,
  fields: Record<keyof InsuranceDiscountsRecord, unknown>,
): InsuranceDiscountsRecord {
  return {
    financialYears: smallCount(read, fields.financialYears),
    lifeYears: smallCount(read, fields.lifeYears),
    personYears: smallCount(read, fields.personYears),
    financialPercent: decimal(read, fields.financialPercent),
    lifePercent: decimal(read, fields.lifePercent),
    personPercent: decimal(read, fields.personPercent),
  };
}

/** `edrsJson`: endorsements as a JSON string holding an array of `{ id, Dsc, nam }`; unreadable text gives none. */
export function endorsements(read: RecordReader, value: unknown): InsuranceEndorsementRecord[] {
  const text = read.text(value);
  if (text === null) return [];
  let parsed: unknown;
  try {
    parsed = parseJson(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return [];
    const r = item as JsonObject;
    return [{ id: read.text(r['id']), title: read.text(r['nam']), description: read.text(r['Dsc']) }];
  });
}
