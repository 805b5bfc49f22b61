/**
 * Bank guarantee letters of Bank Ayandeh (wire facts §4.7 guaranteeDetails, guaranteeCollaterals). A
 * guarantee id is 13 digits: a 4-digit branch code, an 8-digit serial and a Luhn check digit; only ids
 * whose check digit matches name a guarantee.
 */
import { addMonths } from '../calendar.js';
import { passesLuhn } from './checks.js';
import { compactDate, daysAgo } from './creditCommon.js';
import { Dice } from './dice.js';

export const isGuaranteeIdFormat = (value: string): boolean => /^\d{13}$/.test(value);

export interface WorldCollateral {
  readonly collateralId: string;
  readonly typeCode: string;
  readonly centralBankTypeCode: string;
  readonly typeDescription: string;
  /** Rials. */
  readonly evaluatedAmount: string;
  readonly debtAmount: string;
  /** Percent per year, as text. */
  readonly interestRate: string;
  /** Jalali `YYYYMMDD`. */
  readonly receiveDate: string;
  readonly issueDate: string;
  readonly assignDate: string;
}

export interface WorldGuarantee {
  readonly guaranteeId: string;
  readonly sepamId: string;
  readonly branchCode: string;
  readonly centralBankTypeCode: string;
  readonly subTypeCode: string;
  readonly subTypeDescription: string;
  readonly cif: string;
  /** Rials. */
  readonly amount: string;
  readonly issueDate: string;
  readonly maturityDate: string;
  /** Null when never renewed. */
  readonly renewDate: string | null;
  readonly previousDebtAmount: string;
  readonly issueCharge: string;
  readonly lastRenewCharge: string;
  readonly totalCharge: string;
  readonly statusCode: string;
  readonly statusDescription: string;
  readonly economicSector: string;
  readonly economicSubsector: string;
  readonly collaterals: readonly WorldCollateral[];
}

const SUB_TYPES = [
  ['1', '01', 'ضمانت نامه شرکت در مناقصه'],
  ['2', '02', 'ضمانت نامه حسن انجام کار'],
  ['3', '03', 'ضمانت نامه پیش پرداخت'],
  ['4', '04', 'ضمانت نامه تعهد پرداخت'],
  ['5', '05', 'ضمانت نامه گمرکی'],
] as const;
const STATUSES = [
  ['1', 'فعال'],
  ['1', 'فعال'],
  ['1', 'فعال'],
  ['2', 'ابطال شده'],
  ['3', 'ضبط شده'],
] as const;
const SECTORS = [
  ['صنعت و معدن', 'صنایع فلزی'],
  ['ساختمان', 'ابنیه'],
  ['بازرگانی', 'صادرات'],
  ['خدمات', 'حمل و نقل'],
] as const;
const COLLATERAL_TYPES = [
  ['11', '1', 'سپرده نقدی'],
  ['21', '2', 'سفته'],
  ['31', '3', 'وثیقه ملکی'],
  ['41', '4', 'اوراق مشارکت'],
] as const;

/** The guarantee a 13-digit id names, or undefined when its check digit does not match. */
export function guaranteeOf(guaranteeId: string): WorldGuarantee | undefined {
  if (!isGuaranteeIdFormat(guaranteeId) || !passesLuhn(guaranteeId)) return undefined;
  const dice = new Dice(`guarantee|${guaranteeId}`);
  const [centralBankTypeCode, subTypeCode, subTypeDescription] = dice.pick(SUB_TYPES);
  const [statusCode, statusDescription] = dice.pick(STATUSES);
  const [economicSector, economicSubsector] = dice.pick(SECTORS);
  const amount = dice.int(10, 5000) * 10_000_000;
  const issued = daysAgo(dice, 30, 900);
  const renewed = dice.chance(0.4) ? addMonths(issued, 12) : null;
  const issueCharge = Math.round(amount * 0.02);
  const lastRenewCharge = renewed ? Math.round(amount * 0.015) : 0;
  const collaterals = Array.from({ length: dice.chance(0.15) ? 0 : dice.int(1, 3) }, (_, index): WorldCollateral => {
    const [typeCode, centralBankCollateralType, typeDescription] = dice.pick(COLLATERAL_TYPES);
    const received = daysAgo(dice, 900, 1200);
    return {
      collateralId: `${guaranteeId.slice(0, 4)}${dice.digits(7)}${index + 1}`,
      typeCode,
      centralBankTypeCode: centralBankCollateralType,
      typeDescription,
      evaluatedAmount: String(Math.round((amount * dice.int(40, 120)) / 100)),
      debtAmount: String(Math.round((amount * dice.int(10, 60)) / 100)),
      interestRate: String(dice.pick([0, 18, 20.5, 23])),
      receiveDate: compactDate(received),
      issueDate: compactDate(received),
      assignDate: compactDate(issued),
    };
  });
  return {
    guaranteeId,
    sepamId: dice.digits(16),
    branchCode: guaranteeId.slice(0, 4),
    centralBankTypeCode,
    subTypeCode,
    subTypeDescription,
    cif: dice.digits(8),
    amount: String(amount),
    issueDate: compactDate(issued),
    maturityDate: compactDate(addMonths(issued, renewed ? 24 : 12)),
    renewDate: renewed ? compactDate(renewed) : null,
    previousDebtAmount: String(dice.int(0, 50) * 10_000_000),
    issueCharge: String(issueCharge),
    lastRenewCharge: String(lastRenewCharge),
    totalCharge: String(issueCharge + lastRenewCharge),
    statusCode,
    statusDescription,
    economicSector,
    economicSubsector,
    collaterals,
  };
}
