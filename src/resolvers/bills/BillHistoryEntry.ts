import type { BillHistoryEntryResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

export const BillHistoryEntry: BillHistoryEntryResolvers = {
  dueDate: (entry) => persianDate(entry.dueDate),
  paidOn: (entry) => persianDate(entry.paidOn),
};
