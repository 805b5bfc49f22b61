import type { AccountTransactionResolvers } from '../../__generated__/resolvers-types.js';
import { persianDateTimeOfCompact } from '../shared/persianDate.js';

export const AccountTransaction: AccountTransactionResolvers = {
  bookedAt: (entry) => persianDateTimeOfCompact(entry.bookedAt),
};
