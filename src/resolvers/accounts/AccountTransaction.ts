import type { AccountTransactionResolvers } from '../../__generated__/resolvers-types.js';
import { persianDateTime } from '../shared/persianDate.js';

export const AccountTransaction: AccountTransactionResolvers = {
  bookedAt: (entry) => persianDateTime(entry.bookedAt),
};
