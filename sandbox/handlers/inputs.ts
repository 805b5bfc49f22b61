/**
 * Input checks shared by the person, account and postal operations. A check that fails throws a
 * Rejection; `guarded` turns it into the upstream's 400 VALIDATION_ERROR answer.
 */
import { isValidJalaaliDate } from 'jalaali-js';
import { validationError, type Failure } from '../envelopes.js';
import { jsonObject, stringField, type RequestBody } from '../requestBody.js';
import { isMobileFormat } from '../validation.js';
import { accountOfCard, type Account } from '../world/accounts.js';
import { bankByCode, type Bank } from '../world/banks.js';
import { isValidIbanSyntax, isValidNationalId, passesLuhn } from '../world/checks.js';
import { personOf, type Citizen } from '../world/persons.js';
import { done, fail, type OperationHandler, type OperationOutcome, type OperationRequest } from './types.js';

export class Rejection extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

export function reject(message: string, responseCode?: string): never {
  throw new Rejection(validationError(message, responseCode));
}

/** A handler whose checks may throw a Rejection. */
export function guarded(answer: (request: OperationRequest) => OperationOutcome): OperationHandler {
  return (request) => {
    try {
      return answer(request);
    } catch (error) {
      if (error instanceof Rejection) return fail(error.failure);
      throw error;
    }
  };
}

/** Shorthand for a handler that always succeeds once its checks pass. */
export const answering = (result: (request: OperationRequest) => unknown): OperationHandler =>
  guarded((request) => done(result(request)));

export const INVALID_BIRTH_DATE = 'تاریخ تولد نامعتبر است';
export const BIRTH_DATE_MISMATCH = 'birthDate does not match';

export function required(value: string | undefined, name: string, responseCode?: string): string {
  if (value === undefined || value === '') reject(`${name} is required`, responseCode);
  return value;
}

/** A present, valid national id: the person it names. */
export function personParam(
  value: string | undefined,
  name: string,
  codes: { missing?: string; invalid?: string } = {},
): Citizen {
  const nid = required(value, name, codes.missing);
  if (!isValidNationalId(nid)) reject(`invalid ${name}`, codes.invalid);
  return personOf(nid);
}

/** Jalali `YYYY/MM/DD` (or `YYYYMMDD` when `compact`) naming a real day. */
export function birthDateParam(
  value: string | undefined,
  options: { compact?: boolean; responseCode?: string } = {},
): string {
  const text = required(value, 'birthDate', options.responseCode);
  const match = (options.compact ? /^(\d{4})(\d{2})(\d{2})$/ : /^(\d{4})\/(\d{2})\/(\d{2})$/).exec(text);
  if (!match || !isValidJalaaliDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    reject(INVALID_BIRTH_DATE, options.responseCode);
  }
  return options.compact ? `${text.slice(0, 4)}/${text.slice(4, 6)}/${text.slice(6)}` : text;
}

export function mobileParam(value: string | undefined, codes: { missing?: string; invalid?: string } = {}): string {
  const mobile = required(value, 'mobile', codes.missing);
  if (!isMobileFormat(mobile)) reject('invalid mobile', codes.invalid);
  return mobile;
}

/** 16 digits passing Luhn, of a BIN the network knows: the card's account. Anything else is `invalid card`. */
export function cardParam(value: string | undefined): Account {
  const card = required(value, 'card');
  const account = /^\d{16}$/.test(card) && passesLuhn(card) ? accountOfCard(card) : undefined;
  if (!account) reject('invalid card');
  return account;
}

/** `IR` + 24 digits with valid check digits and a known bank code. */
export function ibanParam(value: string | undefined): { iban: string; bank: Bank } {
  const iban = required(value, 'iban');
  const bank = isValidIbanSyntax(iban) ? bankByCode(iban.slice(4, 7)) : undefined;
  if (!bank) reject('invalid iban');
  return { iban, bank };
}

export function bankCodeParam(value: string | undefined, name = 'bankCode'): Bank {
  const bank = bankByCode(required(value, name));
  if (!bank) reject(`invalid ${name}`);
  return bank;
}

/** The fields of a JSON-object body, each a string or absent; anything else is an invalid body. */
export function bodyFields<const N extends string>(
  body: RequestBody,
  names: readonly N[],
): Record<N, string | undefined> {
  const object = jsonObject(body);
  if (!object) reject('invalid body');
  const fields = {} as Record<N, string | undefined>;
  for (const name of names) {
    const field = stringField(object, name);
    if (!field.ok) reject(`invalid ${name}`);
    fields[name] = field.value;
  }
  return fields;
}

/** A string field of a JSON body: undefined when absent, null or empty; anything but a string is `invalid <name>`. */
export function optionalString(fields: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') reject(`invalid ${name}`);
  return value;
}

/** Operations the upstream marks trackId-mandatory (wire facts §3.5). */
export function requireTrackId(request: OperationRequest): void {
  required(request.query['trackId'], 'trackId');
}
