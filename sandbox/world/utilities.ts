/**
 * Water, electricity and gas accounts of the fictional world. Everything is a pure function of the
 * kind and the bill id, anchored to a fixed Jalali month so answers never drift with the clock.
 */
import { addDays, addMonths, daysBetween, type JalaliDate } from '../calendar.js';
import { Dice } from './dice.js';
import { paymentId, roundDownToThousand } from './identifiers.js';
import { PROVINCES, address, person, postalCode, type Person, type Province } from './namesAndPlaces.js';

export type UtilityKind = 'water' | 'electricity' | 'backup-electricity' | 'gas';

/** The month every current bill falls due in. */
export const REFERENCE_MONTH = { jy: 1405, jm: 8 } as const;
export const HISTORY_LENGTH = 6;

export interface Profile {
  readonly kind: UtilityKind;
  readonly cycleMonths: number;
  readonly dueDay: number;
  readonly province: Province;
  readonly customer: Person;
  readonly commercial: boolean;
  readonly address: string;
  readonly postalCode: string;
  readonly fileNumber: string;
  readonly computerPassword: string;
  readonly identificationNumber: string;
  readonly usePerDay: number;
  readonly unitPrice: number;
  readonly amper: number;
  readonly contractDemandKw: number;
}

/** Meter readings of one period, in m³ (water, gas) or kWh / kvarh / kW (electricity). */
export interface Usage {
  readonly total: number;
  readonly normal: number;
  readonly peak?: number;
  readonly low?: number;
  readonly friday?: number;
  readonly reactive?: number;
  readonly demand?: string;
}

/** Rial charges of one period; an absent field does not apply to the kind. */
export interface Charges {
  readonly energy: number;
  readonly subscription: number;
  readonly insurance: number;
  readonly tax: number;
  readonly paytoll?: number;
  readonly electricityTax?: number;
  readonly season?: number;
  readonly free?: number;
  readonly reactive?: number;
  readonly demand?: number;
  readonly gasDiscount?: number;
  /** Includes the part below a thousand Rials that bills drop. */
  readonly discount: number;
}

export interface Period {
  readonly year: number;
  readonly code: number;
  readonly due: JalaliDate;
  readonly readingFrom: JalaliDate;
  readonly readingTo: JalaliDate;
  readonly issued: JalaliDate;
  readonly days: number;
  readonly warmDays: number;
  readonly usage: Usage;
  readonly charges: Charges;
  /** What the period itself costs, a multiple of 1000. */
  readonly amount: number;
}

export interface PastBill {
  readonly period: Period;
  readonly payId: string;
  readonly paidOn?: JalaliDate;
}

export interface UtilityAccount {
  readonly billId: string;
  readonly profile: Profile;
  readonly current: Period;
  /** Newest first. */
  readonly past: readonly PastBill[];
  readonly previousDebt: number;
  /** Zero when the account is paid up. */
  readonly amountDue: number;
  readonly payId: string;
}

const CYCLE_MONTHS: Record<UtilityKind, number> = { water: 2, electricity: 2, 'backup-electricity': 1, gas: 2 };

function profileOf(kind: UtilityKind, billId: string): Profile {
  const dice = new Dice(`${kind}|${billId}|profile`);
  const province = dice.pick(PROVINCES);
  const commercial = kind === 'backup-electricity' || dice.chance(0.2);
  const usePerDay = {
    water: dice.int(30, 160) / 100,
    electricity: dice.int(50, 140) / 10,
    'backup-electricity': dice.int(300, 900) / 10,
    gas: dice.int(15, 60) / 10,
  }[kind];
  const unitPrice = {
    water: dice.int(9, 20) * 1000,
    electricity: dice.int(60, 180) * 10,
    'backup-electricity': dice.int(150, 300) * 10,
    gas: dice.int(120, 350) * 10,
  }[kind];
  return {
    kind,
    cycleMonths: CYCLE_MONTHS[kind],
    dueDay: dice.int(10, 29),
    province,
    customer: person(dice),
    commercial,
    address: address(dice, province),
    postalCode: postalCode(dice),
    fileNumber: dice.digits(8),
    computerPassword: dice.digits(6),
    identificationNumber: dice.digits(10),
    usePerDay,
    unitPrice,
    amper: commercial ? dice.pick([50, 63, 100]) : dice.pick([25, 32]),
    contractDemandKw: commercial ? dice.int(15, 60) : 0,
  };
}

const isHotMonth = (jm: number) => jm >= 3 && jm <= 6;
const isColdMonth = (jm: number) => jm >= 9 || jm === 1;

function seasonFactor(kind: UtilityKind, jm: number): number {
  switch (kind) {
    case 'water':
      return isHotMonth(jm) ? 1.3 : 1;
    case 'electricity':
    case 'backup-electricity':
      return isHotMonth(jm) ? 1.6 : isColdMonth(jm) ? 1.2 : 1;
    case 'gas':
      return isColdMonth(jm) ? 3 : isHotMonth(jm) ? 0.5 : 1.3;
  }
}

function usageOf(profile: Profile, dice: Dice, days: number, jm: number): Usage {
  const total = Math.max(
    1,
    Math.round(days * profile.usePerDay * seasonFactor(profile.kind, jm) * (0.85 + dice.next() * 0.3)),
  );
  if (profile.kind === 'water' || profile.kind === 'gas') return { total, normal: total };
  const peak = Math.round(total * 0.2);
  const low = Math.round(total * 0.3);
  return {
    total,
    normal: total - peak - low,
    peak,
    low,
    friday: Math.round(total / 7),
    reactive: profile.commercial ? Math.round(total * 0.25) : 0,
    ...(profile.kind === 'backup-electricity'
      ? { demand: (profile.contractDemandKw * (0.6 + dice.next() * 0.35)).toFixed(1) }
      : {}),
  };
}

function grossOf(c: Omit<Charges, 'discount'>): number {
  return (
    c.energy +
    c.subscription +
    c.insurance +
    c.tax +
    (c.paytoll ?? 0) +
    (c.electricityTax ?? 0) +
    (c.season ?? 0) +
    (c.reactive ?? 0) +
    (c.demand ?? 0) -
    (c.free ?? 0) -
    (c.gasDiscount ?? 0)
  );
}

function chargesOf(profile: Profile, usage: Usage, jm: number): Charges {
  const cycle = profile.cycleMonths;
  const price = profile.unitPrice;
  const vat = (base: number) => Math.round(base * 0.1);
  const finish = (parts: Omit<Charges, 'discount'>): Charges => {
    const gross = grossOf(parts);
    return { ...parts, discount: gross - roundDownToThousand(gross) };
  };

  switch (profile.kind) {
    case 'water': {
      const energy = usage.total * price;
      const subscription = 30_000 * cycle;
      const paytoll = Math.round(energy * 0.3); // wastewater charge
      return finish({
        energy,
        subscription,
        insurance: 2_000 * cycle,
        paytoll,
        tax: vat(energy + subscription + paytoll),
      });
    }
    case 'gas': {
      const energy = usage.total * price;
      const subscription = 15_000 * cycle;
      const gasDiscount = usage.total < 100 * cycle ? Math.round(energy * 0.1) : 0;
      const paytoll = Math.round(energy * 0.05);
      return finish({
        energy,
        subscription,
        insurance: 1_000 * cycle,
        paytoll,
        gasDiscount,
        tax: vat(energy + subscription + paytoll - gasDiscount),
      });
    }
    case 'electricity':
    case 'backup-electricity': {
      const energy = Math.round((usage.normal + (usage.peak ?? 0) * 2 + (usage.low ?? 0) * 0.5) * price);
      const subscription = (profile.commercial ? 40_000 : 12_000) * cycle;
      const season = isHotMonth(jm) ? Math.round(energy * 0.15) : 0;
      const reactive = Math.round((usage.reactive ?? 0) * price * 0.2);
      const demand =
        profile.contractDemandKw > 0 && profile.kind === 'backup-electricity'
          ? profile.contractDemandKw * 15_000 * cycle
          : 0;
      return finish({
        energy,
        subscription,
        season,
        reactive,
        demand,
        free: 0,
        insurance: 1_500 * cycle,
        electricityTax: Math.round(energy * 0.02),
        tax: vat(energy + subscription + season + reactive + demand),
      });
    }
  }
}

function warmDaysBetween(from: JalaliDate, days: number): number {
  let warm = 0;
  for (let i = 0; i < days; i++) if (addDays(from, i).jm <= 6) warm++;
  return warm;
}

function dueDateOf(profile: Profile, index: number): JalaliDate {
  return addMonths({ ...REFERENCE_MONTH, jd: profile.dueDay }, -index * profile.cycleMonths);
}

/** Period `index` back from the current one (0). */
function periodOf(profile: Profile, billId: string, index: number): Period {
  const due = dueDateOf(profile, index);
  const readingTo = addDays(due, -15);
  const readingFrom = addDays(dueDateOf(profile, index + 1), -15);
  const days = daysBetween(readingFrom, readingTo);
  const dice = new Dice(`${profile.kind}|${billId}|period|${index}`);
  const usage = usageOf(profile, dice, days, readingTo.jm);
  const charges = chargesOf(profile, usage, readingTo.jm);
  const amount = grossOf(charges) - charges.discount;
  const code = profile.cycleMonths === 1 ? due.jm : Math.ceil(due.jm / profile.cycleMonths);
  return {
    year: due.jy,
    code,
    due,
    readingFrom,
    readingTo,
    issued: addDays(readingTo, 2),
    days,
    warmDays: warmDaysBetween(readingFrom, days),
    usage,
    charges,
    amount,
  };
}

function pastBill(profile: Profile, billId: string, index: number, mayBeUnpaid: boolean): PastBill {
  const period = periodOf(profile, billId, index);
  const dice = new Dice(`${profile.kind}|${billId}|payment|${index}`);
  const payId = paymentId(billId, period.amount, period.year, period.code);
  if (mayBeUnpaid && dice.chance(0.2)) return { period, payId };
  const paidOn = dice.chance(0.1) ? addDays(period.due, dice.int(1, 20)) : addDays(period.due, -dice.int(0, 12));
  return { period, payId, paidOn };
}

export function utilityAccount(kind: UtilityKind, billId: string): UtilityAccount {
  const profile = profileOf(kind, billId);
  const current = periodOf(profile, billId, 0);
  const past = Array.from({ length: HISTORY_LENGTH }, (_, i) => pastBill(profile, billId, i + 1, i === 0));
  const previousDebt = past[0]?.paidOn === undefined ? (past[0]?.period.amount ?? 0) : 0;
  const paidUp = previousDebt === 0 && new Dice(`${kind}|${billId}|status`).chance(0.12);
  const amountDue = paidUp ? 0 : current.amount + previousDebt;
  return {
    billId,
    profile,
    current,
    past,
    previousDebt,
    amountDue,
    payId: paymentId(billId, amountDue, current.year, current.code),
  };
}
