import type { BillDetailsResolvers } from '../../__generated__/resolvers-types.js';
import { linkedAddress } from '../shared/postalAddress.js';
import { persianDate } from '../shared/persianDate.js';

export const BillDetails: BillDetailsResolvers = {
  dueDate: (details) => persianDate(details.dueDate),
  previousReadingDate: (details) => persianDate(details.previousReadingDate),
  currentReadingDate: (details) => persianDate(details.currentReadingDate),
  issuedOn: (details) => persianDate(details.issuedOn),
  rejectDate: (details) => persianDate(details.rejectDate),
  postalAddress: (details, _args, context) => linkedAddress(details.postalCode, context),
};
