import {
  CHEQUE_MEDIA,
  CHEQUE_STATUS,
  CHEQUE_TYPE,
  type ChequeMediaValue,
  type ChequeStatusValue,
  type ChequeTypeValue,
} from '../../datasources/types/cheques.js';
import { isValidIban } from '../../validation/identifiers.js';
import { codeOrOther } from '../shared/enumCodes.js';

export const chequeStatus = (code: number | null): ChequeStatusValue => codeOrOther(CHEQUE_STATUS, code);
export const chequeType = (code: number | null): ChequeTypeValue => codeOrOther(CHEQUE_TYPE, code);
export const chequeMedia = (code: number | null): ChequeMediaValue => codeOrOther(CHEQUE_MEDIA, code);

/** The bank account of an IBAN the upstream gave; null for none or a malformed one. */
export const chequeAccount = (iban: string | null) => (iban !== null && isValidIban(iban) ? { iban } : null);
