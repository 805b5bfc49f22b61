import type { BusinessCreditValidationResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

export const BusinessCreditValidation: BusinessCreditValidationResolvers = {
  validatedOn: (validation) => persianDate(validation.validatedOn),
};
