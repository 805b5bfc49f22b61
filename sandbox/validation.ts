/**
 * The upstream's own input checks (wire facts §6 and the bill rules of §4.4). The sandbox applies them
 * independently of whatever the subgraph validates, so a subgraph that skips a check is caught here.
 */
import { MOBILE_OPERATORS, type BillInput, type BillType, type MobileOperator } from './billTypes.js';

const digitsOnly = (value: string, min: number, max: number) => new RegExp(`^\\d{${min},${max}}$`).test(value);

/** Check digit of an Iranian bill or payment identifier over `digits` (weights 2..7 from the right). */
export function billIdCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += digit * ((i % 6) + 2);
  }
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** 6 to 13 digits whose last digit is the check digit of the others. */
export function isValidBillId(value: string): boolean {
  if (!digitsOnly(value, 6, 13)) return false;
  return billIdCheckDigit(value.slice(0, -1)) === Number(value.slice(-1));
}

export function isValidNationalId(value: string): boolean {
  if (!/^\d{10}$/.test(value) || /^(\d)\1{9}$/.test(value)) return false;
  const digits = [...value].map(Number);
  let s = 0;
  for (let i = 0; i < 9; i++) s += digits[i]! * (10 - i);
  const r = s % 11;
  const check = digits[9]!;
  return r < 2 ? check === r : check === 11 - r;
}

export const LANDLINE_AREA_CODES: ReadonlySet<string> = new Set([
  '011',
  '013',
  '017',
  '021',
  '023',
  '024',
  '025',
  '026',
  '028',
  '031',
  '034',
  '035',
  '038',
  '041',
  '044',
  '045',
  '051',
  '054',
  '056',
  '058',
  '061',
  '066',
  '071',
  '074',
  '076',
  '077',
  '081',
  '083',
  '084',
  '086',
  '087',
]);

/** `0` + 10 digits, not a mobile number, with a real area code. */
export function isValidLandline(value: string): boolean {
  return /^0\d{10}$/.test(value) && !value.startsWith('09') && LANDLINE_AREA_CODES.has(value.slice(0, 3));
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(4, '0'));

const OPERATOR_PREFIXES: ReadonlyMap<string, MobileOperator> = new Map([
  ...[...range(910, 919), ...range(990, 994)].map((p) => [p, 'MCI'] as const),
  ...['0930', '0933', ...range(935, 939), ...range(900, 905), '0941'].map((p) => [p, 'MTN'] as const),
  ...range(920, 922).map((p) => [p, 'Rightel'] as const),
]);

export function isMobileFormat(value: string): boolean {
  return /^09\d{9}$/.test(value);
}

/** The operator owning a mobile number's prefix, or undefined when the number or prefix is not real. */
export function mobileOperatorOf(value: string): MobileOperator | undefined {
  return isMobileFormat(value) ? OPERATOR_PREFIXES.get(value.slice(0, 4)) : undefined;
}

/** The upstream's messages for rejected bill inquiries (wire facts §3.2). */
export type BillRejection = 'Bill Type is Empty' | 'Bill Parameter is Empty' | 'Bill Wrong Type' | 'Wrong Parameter';

export type BillCheck =
  { readonly ok: true; readonly input: BillInput } | { readonly ok: false; readonly reason: BillRejection };

export interface RawBillInquiry {
  readonly type?: string | undefined;
  readonly parameter?: string | undefined;
  readonly secondParameter?: string | undefined;
}

function isOneOf<T extends string>(value: string, allowed: readonly T[]): value is T {
  return (allowed as readonly string[]).includes(value);
}

export type BillShape =
  | { readonly ok: true; readonly type: BillType; readonly parameter: string }
  | { readonly ok: false; readonly reason: BillRejection };

/** The checks that need no knowledge of the parameter's meaning: presence and a known type. */
export function checkBillShape(raw: RawBillInquiry, allowedTypes: readonly BillType[]): BillShape {
  if (!raw.type) return { ok: false, reason: 'Bill Type is Empty' };
  if (!isOneOf(raw.type, allowedTypes)) return { ok: false, reason: 'Bill Wrong Type' };
  if (!raw.parameter) return { ok: false, reason: 'Bill Parameter is Empty' };
  return { ok: true, type: raw.type, parameter: raw.parameter };
}

function isValidParameter(type: BillType, parameter: string): boolean {
  switch (type) {
    case 'Water':
    case 'Electricity':
    case 'Electricity-standard':
    case 'Electricity-support':
    case 'GasByBillId':
      return isValidBillId(parameter);
    case 'Gas':
      return digitsOnly(parameter, 6, 15);
    case 'Tel':
    case 'TelNow':
      return isValidLandline(parameter);
    case 'Mobile':
    case 'MobileNow':
      return mobileOperatorOf(parameter) !== undefined;
  }
}

/**
 * Mobile bills: the operator is required for MTN and Rightel numbers; a number ported to another
 * operator keeps its prefix, so a given operator may differ from the prefix's. Any other type takes
 * no second parameter.
 */
function checkSecondParameter(
  type: BillType,
  parameter: string,
  second: string | undefined,
): { ok: boolean; operator?: MobileOperator } {
  if (type !== 'Mobile' && type !== 'MobileNow') return { ok: second === undefined };
  const owner = mobileOperatorOf(parameter);
  if (second === undefined) return { ok: owner === 'MCI' };
  if (!isOneOf(second, MOBILE_OPERATORS)) return { ok: false };
  return { ok: true, operator: second };
}

/** All checks of a bill inquiry; an empty `secondParameter` counts as absent. */
export function checkBillInquiry(raw: RawBillInquiry, allowedTypes: readonly BillType[]): BillCheck {
  const shape = checkBillShape(raw, allowedTypes);
  if (!shape.ok) return shape;
  const { type, parameter } = shape;
  const second = checkSecondParameter(type, parameter, raw.secondParameter === '' ? undefined : raw.secondParameter);
  if (!isValidParameter(type, parameter) || !second.ok) return { ok: false, reason: 'Wrong Parameter' };
  return {
    ok: true,
    input: second.operator ? { type, parameter, secondParameter: second.operator } : { type, parameter },
  };
}

/** An 11-digit legal (company) national id whose last digit checks the other ten (weights 29, 27, 23, 19, 17). */
export function isValidLegalId(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^0+$/.test(value)) return false;
  const digits = [...value].map(Number);
  const shift = digits[9]! + 2;
  const weights = [29, 27, 23, 19, 17];
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (digits[i]! + shift) * weights[i % 5]!;
  return (sum % 11) % 10 === digits[10];
}
