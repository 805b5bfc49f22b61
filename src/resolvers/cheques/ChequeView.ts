import type { ChequeMedia, ChequeStatus, ChequeType, ChequeViewResolvers } from '../../__generated__/resolvers-types.js';
import { isValidIban } from '../../validation/identifiers.js';
import { persianDate, persianDateTimeOfCompact } from '../shared/persianDate.js';

const STATUSES: readonly ChequeStatus[] = [
  'ISSUED', 'CASHED', 'VOIDED', 'RETURNED', 'PARTLY_RETURNED', 'AWAITING_GUARANTORS', 'AWAITING_ACCEPTANCE', 'AWAITING_TRANSFER_ACCEPTANCE',
];
const TYPES: readonly ChequeType[] = ['NORMAL', 'BANK', 'CODED', 'AD_HOC'];
const MEDIA: readonly ChequeMedia[] = ['PAPER', 'DIGITAL'];

/** The name a 1-based upstream code stands for; `OTHER` for a code not known. */
const named = <T extends string>(names: readonly T[], code: number | null): T | 'OTHER' => (code !== null && names[code - 1]) || 'OTHER';

const account = (iban: string | null) => (iban !== null && isValidIban(iban) ? { iban } : null);

export const ChequeView: ChequeViewResolvers = {
  status: (view) => named(STATUSES, view.status),
  statusCode: (view) => view.status,
  type: (view) => named(TYPES, view.type),
  media: (view) => named(MEDIA, view.media),
  dueDate: (view) => persianDate(view.dueDate),
  issuedAt: (view) => persianDateTimeOfCompact(view.issuedAt),
  drawerAccount: (view) => account(view.fromIban),
  destinationAccount: (view) => account(view.toIban),
};
