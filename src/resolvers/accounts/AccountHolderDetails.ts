import type { AccountHolderDetailsResolvers } from '../../__generated__/resolvers-types.js';
import { isValidNationalId } from '../../validation/identifiers.js';

export const AccountHolderDetails: AccountHolderDetailsResolvers = {
  firstName: (details) => details.holderFirstName,
  lastName: (details) => details.holderLastName,
  holder: (details) =>
    details.holderId && isValidNationalId(details.holderId) ? { nationalId: details.holderId } : null,
};
