import type { ChequebookResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

export const Chequebook: ChequebookResolvers = {
  issuedOn: (book) => persianDate(book.issuedOn),
  expiresOn: (book) => persianDate(book.expiresOn),
  cheques: (book) => book.sayadIds.map((sayadId) => ({ sayadId })),
};
