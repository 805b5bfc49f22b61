/** Checks of the parties of Sayad cheques: Shahab codes, the person who acts, and the texts the Sayad system takes. */
import { BadUserInputError } from '../errors.js';
import { normalizeDigits } from '../lib/digits.js';
import { parseNationalId } from './identifiers.js';
import { BANK_TEXT, parseText, type TextRule } from './text.js';

/** A party as the Sayad action bodies carry it (wire facts §4.8). */
export interface SayadPartyRecord {
  /** National id (10 digits) or legal id (11 digits). */
  readonly idCode: string;
  /** 1 natural, 2 legal. */
  readonly idType: 1 | 2;
  /** The 16-digit Shahab code of a natural person; null for a legal one. */
  readonly shahabId: string | null;
  readonly name: string;
}

/** The upstream states no length for Sayad texts; 100 characters is designed (see the catalog notes). */
export const SAYAD_TEXT_MAX = 100;

const TEXT_RULE: TextRule = {
  min: 1,
  max: SAYAD_TEXT_MAX,
  allowed: BANK_TEXT,
  allowedText: 'letters, digits, punctuation and spaces',
};

/** A text the Sayad system takes (a description, a party's name). */
export const sayadText = (value: string, path: string): string => parseText(value, path, TEXT_RULE);

/** A person's 16-digit Shahab code. */
export function parseShahabCode(value: string, path: string): string {
  const digits = normalizeDigits(value.trim());
  if (!/^\d{16}$/.test(digits)) throw new BadUserInputError(path, 'expected a 16-digit Shahab code');
  return digits;
}

/** The upstream states no format for a leaf's serial or series number: 1 to 20 digits is designed (see the catalog notes). */
export const CHEQUE_NUMBER_MAX = 20;

/** A cheque leaf's serial number, or its chequebook's series number: digits only (Persian digits accepted). */
export function parseChequeNumber(value: string, path: string): string {
  const digits = normalizeDigits(value.trim());
  if (!new RegExp(`^\\d{1,${CHEQUE_NUMBER_MAX}}$`).test(digits))
    throw new BadUserInputError(path, `expected 1 to ${CHEQUE_NUMBER_MAX} digits`);
  return digits;
}

/** The person acting on a cheque or asking about it, as the caller gives them. */
export interface ChequeActorClaim {
  readonly nationalId: string;
  readonly shahabCode: string;
  readonly name?: string | null;
}

/** A person acting on a cheque or asking about it; `named` when the upstream needs their name (otherwise a name given is not used). */
export function parseChequeActor(input: ChequeActorClaim, path: string, named: boolean): SayadPartyRecord {
  const idCode = parseNationalId(input.nationalId, `${path}.nationalId`);
  const shahabId = parseShahabCode(input.shahabCode, `${path}.shahabCode`);
  if (!named) return { idCode, idType: 1, shahabId, name: '' };
  if (input.name === null || input.name === undefined)
    throw new BadUserInputError(`${path}.name`, 'the name is needed for this action');
  return { idCode, idType: 1, shahabId, name: sayadText(input.name, `${path}.name`) };
}
