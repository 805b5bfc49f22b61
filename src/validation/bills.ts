import { BadUserInputError } from '../errors.js';
import { parseBillId, parseGasSubscriptionNumber, parseLandline, parseMobile } from './identifiers.js';

export const billTypes = [
  'WATER',
  'ELECTRICITY',
  'ELECTRICITY_STANDARD',
  'GAS',
  'GAS_BY_BILL_ID',
  'TEL',
  'TEL_NOW',
  'MOBILE',
  'MOBILE_NOW',
] as const;
export type BillType = (typeof billTypes)[number];

export const mobileOperators = ['MCI', 'MTN', 'RIGHTEL'] as const;
export type MobileOperator = (typeof mobileOperators)[number];

const UPSTREAM_BILL_TYPE: Record<BillType, string> = {
  WATER: 'Water',
  ELECTRICITY: 'Electricity',
  ELECTRICITY_STANDARD: 'Electricity-standard',
  GAS: 'Gas',
  GAS_BY_BILL_ID: 'GasByBillId',
  TEL: 'Tel',
  TEL_NOW: 'TelNow',
  MOBILE: 'Mobile',
  MOBILE_NOW: 'MobileNow',
};

// The detailed inquiry covers fewer services and calls backup electricity "Electricity-support".
const UPSTREAM_DETAIL_BILL_TYPE: Partial<Record<BillType, string>> = {
  WATER: 'Water',
  ELECTRICITY: 'Electricity',
  ELECTRICITY_STANDARD: 'Electricity-support',
  GAS: 'Gas',
};

const UPSTREAM_OPERATOR: Record<MobileOperator, string> = {
  MCI: 'MCI',
  MTN: 'MTN',
  RIGHTEL: 'Rightel',
};

/** The `type` query value of the upstream's billingInquiry. */
export function upstreamBillType(type: BillType): string {
  return UPSTREAM_BILL_TYPE[type];
}

/** The `type` query value of the upstream's detailBillingInquiry, or null when it has no detailed form. */
export function upstreamDetailBillType(type: BillType): string | null {
  return UPSTREAM_DETAIL_BILL_TYPE[type] ?? null;
}

/** The `secondParameter` query value of the upstream's billingInquiry. */
export function upstreamOperator(operator: MobileOperator): string {
  return UPSTREAM_OPERATOR[operator];
}

const OPERATOR_BY_PREFIX: ReadonlyMap<string, MobileOperator> = new Map([
  ...prefixes('MCI', [
    [910, 919],
    [990, 994],
  ]),
  ...prefixes('MTN', [
    [900, 905],
    [930, 930],
    [933, 933],
    [935, 939],
    [941, 941],
  ]),
  ...prefixes('RIGHTEL', [[920, 922]]),
]);

function prefixes(
  operator: MobileOperator,
  ranges: ReadonlyArray<readonly [number, number]>,
): Array<[string, MobileOperator]> {
  const entries: Array<[string, MobileOperator]> = [];
  for (const [from, to] of ranges) {
    for (let p = from; p <= to; p++) entries.push([`0${p}`, operator]);
  }
  return entries;
}

/**
 * The operator that issued a mobile number's prefix, or null for prefixes we do not know. A ported
 * number keeps its prefix, so this is the original operator, not necessarily the current one.
 */
export function operatorOfMobile(mobile: string): MobileOperator | null {
  return OPERATOR_BY_PREFIX.get(mobile.slice(0, 4)) ?? null;
}

export interface BillQueryInput {
  type: BillType;
  parameter: string;
  secondParameter?: MobileOperator | null;
}

export interface BillQueryPaths {
  type: string;
  parameter: string;
  secondParameter: string;
}

export interface BillQuery {
  type: BillType;
  /** Canonical parameter: bill identifier, gas subscription number, landline or `09…` mobile. */
  parameter: string;
  /** The operator to send as `secondParameter`; set only for mobile bills, and only when given. */
  operator: MobileOperator | null;
}

const isBillType = (value: unknown): value is BillType => billTypes.includes(value as BillType);
const isMobileOperator = (value: unknown): value is MobileOperator => mobileOperators.includes(value as MobileOperator);

/**
 * Validates a bill inquiry's arguments before any upstream call. The operator, when given, is
 * trusted over the prefix (ported numbers); it is required for MTN (Irancell) and Rightel
 * prefixes because the upstream requires it for those operators.
 */
export function parseBillQuery(input: BillQueryInput, paths: BillQueryPaths): BillQuery {
  const { type, secondParameter } = input;
  if (!isBillType(type)) {
    throw new BadUserInputError(paths.type, `expected one of ${billTypes.join(', ')}`);
  }
  const operator = secondParameter ?? null;
  if (operator !== null && !isMobileOperator(operator)) {
    throw new BadUserInputError(paths.secondParameter, `expected one of ${mobileOperators.join(', ')}`);
  }

  switch (type) {
    case 'WATER':
    case 'ELECTRICITY':
    case 'ELECTRICITY_STANDARD':
    case 'GAS_BY_BILL_ID':
      rejectOperator(operator, type, paths);
      return { type, parameter: parseBillId(input.parameter, paths.parameter), operator: null };
    case 'GAS':
      rejectOperator(operator, type, paths);
      return { type, parameter: parseGasSubscriptionNumber(input.parameter, paths.parameter), operator: null };
    case 'TEL':
    case 'TEL_NOW':
      rejectOperator(operator, type, paths);
      return { type, parameter: parseLandline(input.parameter, paths.parameter), operator: null };
    case 'MOBILE':
    case 'MOBILE_NOW': {
      const mobile = parseMobile(input.parameter, paths.parameter);
      const prefixOperator = operatorOfMobile(mobile);
      if (operator === null && (prefixOperator === 'MTN' || prefixOperator === 'RIGHTEL')) {
        throw new BadUserInputError(
          paths.secondParameter,
          `the mobile operator is required for ${prefixOperator} numbers: ` +
            `pass ${prefixOperator}, or the operator the number was ported to`,
        );
      }
      return { type, parameter: mobile, operator };
    }
  }
}

function rejectOperator(operator: MobileOperator | null, type: BillType, paths: BillQueryPaths): void {
  if (operator !== null) {
    throw new BadUserInputError(
      paths.secondParameter,
      `a mobile operator is only accepted for MOBILE and MOBILE_NOW bills, not for ${type}; omit it`,
    );
  }
}
