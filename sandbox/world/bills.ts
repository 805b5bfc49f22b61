/**
 * The public face of the bill world: what each bill operation answers for validated inputs. The same
 * inputs always give the same bill, on every sandbox instance.
 */
import type { BillInput } from '../billTypes.js';
import { formatSlashed } from '../calendar.js';
import { Dice } from './dice.js';
import { derivedBillId, paymentId, roundDownToThousand } from './identifiers.js';
import { billInfo, type BillInfo } from './billInfo.js';
import { REFERENCE_MONTH, utilityAccount, type UtilityAccount, type UtilityKind } from './utilities.js';

export interface Bill {
  /** Rials, a multiple of 1000; 0 when nothing is due. */
  readonly amount: number;
  readonly billId: string;
  readonly payId: string;
  /** Jalali `YYYY/MM/DD`; '' for current-balance phone inquiries, which have no due date. */
  readonly date: string;
}

export interface DetailedBill {
  readonly bill: Bill;
  readonly info: BillInfo;
}

export interface HistoryItem extends Bill {
  /** Jalali `YYYY/MM/DD`; '' while unpaid. */
  readonly paymentDate: string;
}

type PhoneKind = 'landline' | 'mobile';

type Source =
  | { readonly phone: false; readonly kind: UtilityKind; readonly billId: string; readonly subscription?: string }
  | { readonly phone: true; readonly kind: PhoneKind; readonly billId: string; readonly now: boolean };

function sourceOf({ type, parameter }: BillInput): Source {
  switch (type) {
    case 'Water':
      return { phone: false, kind: 'water', billId: parameter };
    case 'Electricity':
      return { phone: false, kind: 'electricity', billId: parameter };
    case 'Electricity-standard':
    case 'Electricity-support':
      return { phone: false, kind: 'backup-electricity', billId: parameter };
    case 'Gas':
      return { phone: false, kind: 'gas', billId: derivedBillId('gas', parameter), subscription: parameter };
    case 'GasByBillId':
      return { phone: false, kind: 'gas', billId: parameter };
    case 'Tel':
    case 'TelNow':
      return { phone: true, kind: 'landline', billId: derivedBillId('landline', parameter), now: type === 'TelNow' };
    case 'Mobile':
    case 'MobileNow':
      return { phone: true, kind: 'mobile', billId: derivedBillId('mobile', parameter), now: type === 'MobileNow' };
  }
}

/** End-of-period phone bills fall due in the reference month; current-balance ones carry no date. */
function phoneBill(kind: PhoneKind, billId: string, now: boolean): Bill {
  const dice = new Dice(`${kind}|${billId}|${now ? 'now' : 'period'}`);
  const ceiling = kind === 'landline' ? 600_000 : 900_000;
  const amount = dice.chance(0.12) ? 0 : roundDownToThousand(dice.int(20_000, ceiling));
  const dueDay = dice.int(10, 29);
  return {
    amount,
    billId,
    payId: paymentId(billId, amount, REFERENCE_MONTH.jy, REFERENCE_MONTH.jm),
    date: now ? '' : formatSlashed({ ...REFERENCE_MONTH, jd: dueDay }),
  };
}

function currentOf(account: UtilityAccount): Bill {
  return {
    amount: account.amountDue,
    billId: account.billId,
    payId: account.payId,
    date: formatSlashed(account.current.due),
  };
}

function utilitySource(input: BillInput): Extract<Source, { phone: false }> {
  const source = sourceOf(input);
  if (source.phone) throw new Error(`${input.type} is not a utility bill`);
  return source;
}

/** billingInquiry, and the data of a successful asynchronous inquiry. */
export function currentBill(input: BillInput): Bill {
  const source = sourceOf(input);
  if (source.phone) return phoneBill(source.kind, source.billId, source.now);
  return currentOf(utilityAccount(source.kind, source.billId));
}

/** detailBillingInquiry: the current bill plus its Info block. Water, electricity and gas only. */
export function detailedBill(input: BillInput): DetailedBill {
  const source = utilitySource(input);
  const account = utilityAccount(source.kind, source.billId);
  return { bill: currentOf(account), info: billInfo(account, source.subscription) };
}

/** billHistoryInquiry: the bills before the current one, newest first. */
export function billHistory(input: BillInput): { billId: string; items: HistoryItem[] } {
  const source = utilitySource(input);
  const account = utilityAccount(source.kind, source.billId);
  return {
    billId: account.billId,
    items: account.past.map(({ period, payId, paidOn }) => ({
      amount: period.amount,
      billId: account.billId,
      payId,
      date: formatSlashed(period.due),
      paymentDate: paidOn ? formatSlashed(paidOn) : '',
    })),
  };
}
