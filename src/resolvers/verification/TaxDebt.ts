import type { TaxDebtResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

export const TaxDebt: TaxDebtResolvers = {
  dueDate: (debt) => persianDate(debt.dueDate),
};
