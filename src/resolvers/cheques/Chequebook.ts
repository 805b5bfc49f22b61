import type { ChequeLeafResolvers, ChequebookResolvers } from '../../__generated__/resolvers-types.js';
import { isValidIban, isValidSayadId } from '../../validation/identifiers.js';
import { persianDate } from '../shared/persianDate.js';

export const Chequebook: ChequebookResolvers = {
  // The book's own IBAN is the account's key: the account needs no further call until a field asks.
  account: (book) =>
    book.iban && isValidIban(book.iban)
      ? { iban: book.iban, ...(book.accountNumber ? { accountNumber: book.accountNumber } : {}) }
      : null,
  issuanceDate: (book) => persianDate(book.issuanceDate),
  issuedOn: (book) => persianDate(book.issuedOn),
  expiresOn: (book) => persianDate(book.expiresOn),
  cheques: (book) => book.sayadIds.map((sayadId) => ({ sayadId })),
};

export const ChequeLeaf: ChequeLeafResolvers = {
  // The Cheque entity's key: its fields call what they need, under whichever view they ask for.
  cheque: (leaf) => (leaf.sayadId && isValidSayadId(leaf.sayadId) ? { sayadId: leaf.sayadId } : null),
  account: (leaf) => (leaf.iban && isValidIban(leaf.iban) ? { iban: leaf.iban } : null),
  issuedOn: (leaf) => persianDate(leaf.issuedOn),
  expiresOn: (leaf) => persianDate(leaf.expiresOn),
};
