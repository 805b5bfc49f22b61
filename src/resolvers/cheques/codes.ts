import type { ChequeMedia, ChequeStatus, ChequeType } from '../../__generated__/resolvers-types.js';
import { isValidIban } from '../../validation/identifiers.js';

const STATUSES: readonly ChequeStatus[] = [
  'ISSUED',
  'CASHED',
  'VOIDED',
  'RETURNED',
  'PARTLY_RETURNED',
  'AWAITING_GUARANTORS',
  'AWAITING_ACCEPTANCE',
  'AWAITING_TRANSFER_ACCEPTANCE',
];
const TYPES: readonly ChequeType[] = ['NORMAL', 'BANK', 'CODED', 'AD_HOC'];
const MEDIA: readonly ChequeMedia[] = ['PAPER', 'DIGITAL'];

/** The name a 1-based upstream code stands for; `OTHER` for a code not known. */
const named = <T extends string>(names: readonly T[], code: number | null): T | 'OTHER' =>
  (code !== null && names[code - 1]) || 'OTHER';

export const chequeStatus = (code: number | null): ChequeStatus => named(STATUSES, code);
export const chequeType = (code: number | null): ChequeType => named(TYPES, code);
export const chequeMedia = (code: number | null): ChequeMedia => named(MEDIA, code);

/** The bank account of an IBAN the upstream gave; null for none or a malformed one. */
export const chequeAccount = (iban: string | null) => (iban !== null && isValidIban(iban) ? { iban } : null);
