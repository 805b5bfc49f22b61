import type { ChequebookResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

const slashed = (date: string | null) => (date && /^\d{8}$/.test(date) ? `${date.slice(0, 4)}/${date.slice(4, 6)}/${date.slice(6)}` : date);

export const Chequebook: ChequebookResolvers = {
  issuedOn: (book) => persianDate(slashed(book.issuedOn)),
  expiresOn: (book) => persianDate(slashed(book.expiresOn)),
  cheques: (book) => book.sayadIds.map((sayadId) => ({ sayadId })),
};
