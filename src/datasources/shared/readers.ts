import type { RecordReader } from './read.js';
import { ACCOUNT_STATUS, type AccountStatus, type HolderName } from '../types/accounts.js';

/** Account status codes arrive as `"02"` or `"2"`. */
export function accountStatus(read: RecordReader, value: unknown): AccountStatus | null {
  const code = read.text(value);
  if (code === null) return null;
  return ACCOUNT_STATUS[code.padStart(2, '0') as keyof typeof ACCOUNT_STATUS] ?? null;
}

/** Gender as the civil registry writes it (`مرد`, `زن`) or as some services abbreviate it (`M`, `F`). */
export function gender(read: RecordReader, value: unknown): 'MALE' | 'FEMALE' | null {
  const text = read.text(value);
  if (text === 'مرد' || text === 'M') return 'MALE';
  if (text === 'زن' || text === 'F') return 'FEMALE';
  return null;
}

/** `زنده` (alive) or `مرده` (dead). */
export function alive(read: RecordReader, value: unknown): boolean | null {
  const text = read.text(value);
  return text === 'زنده' ? true : text === 'مرده' ? false : null;
}

/** Owners as an array of `{firstName, lastName}` or, in some answers, one name string. */
export function holderNames(read: RecordReader, value: unknown): HolderName[] {
  if (typeof value === 'string') {
    const fullName = read.text(value.split(' / ')[0]);
    return fullName ? [{ firstName: null, lastName: null, fullName }] : [];
  }
  return read.list(value, 'owners').flatMap((item) => {
    const owner = read.object(item, 'owner');
    const firstName = read.text(owner.firstName);
    const lastName = read.text(owner.lastName);
    const fullName = [firstName, lastName].filter(Boolean).join(' ');
    return fullName ? [{ firstName, lastName, fullName }] : [];
  });
}

/** Booleans arrive as JSON booleans, `"true"`/`"false"`, or `Y`/`N`. */
export function flag(read: RecordReader, value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = read.text(value)?.toLowerCase();
  if (text === 'true' || text === 'y' || text === 'yes') return true;
  if (text === 'false' || text === 'n' || text === 'no') return false;
  return null;
}

/** The civil registry's gender words, as sent in queries. */
export const REGISTRY_GENDER = { MALE: 'مرد', FEMALE: 'زن' } as const;
