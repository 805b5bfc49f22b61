import type { ChequeViewResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate, persianDateTimeOfCompact } from '../shared/persianDate.js';
import { chequeAccount, chequeMedia, chequeStatus, chequeType } from './codes.js';

export const ChequeView: ChequeViewResolvers = {
  status: (view) => chequeStatus(view.status),
  statusCode: (view) => view.status,
  type: (view) => chequeType(view.type),
  media: (view) => chequeMedia(view.media),
  dueDate: (view) => persianDate(view.dueDate),
  issuedAt: (view) => persianDateTimeOfCompact(view.issuedAt),
  drawerAccount: (view) => chequeAccount(view.fromIban),
  destinationAccount: (view) => chequeAccount(view.toIban),
};
