import { isValidIban } from '../../validation/identifiers.js';
import type { BankAccountModel } from './models.js';

/** The account of an IBAN a statement gave; null for none or a malformed one (no upstream call either way). */
export const statementAccount = (iban: string | null): BankAccountModel | null =>
  iban !== null && isValidIban(iban) ? { iban } : null;
