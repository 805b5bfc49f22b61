import { billIdCheckDigit } from '../validation.js';
import { Dice } from './dice.js';

/** Service digit, the second-to-last digit of an Iranian bill id. */
export const SERVICE_DIGIT = { water: 1, electricity: 2, gas: 3, landline: 4, mobile: 5 } as const;
export type Service = keyof typeof SERVICE_DIGIT;

/**
 * A valid 13-digit bill id for an input that is not itself a bill id (gas subscription, phone number):
 * 8-digit file number, 3-digit company code, service digit, check digit.
 */
export function derivedBillId(service: Service, key: string): string {
  const dice = new Dice(`bill-id|${service}|${key}`);
  const body = dice.digits(8) + String(dice.int(0, 999)).padStart(3, '0') + String(SERVICE_DIGIT[service]);
  return body + String(billIdCheckDigit(body));
}

/**
 * A payment id in the Iranian layout: amount in thousands of Rials (left out when nothing is due),
 * last digit of the Jalali year, 2-digit period code, a check digit over those, and a check digit over
 * bill id plus everything before it. At most 13 digits for amounts under 10^11 Rials.
 */
export function paymentId(billId: string, amount: number, jalaliYear: number, periodCode: number): string {
  const head =
    (amount > 0 ? String(amount / 1000) : '') + String(jalaliYear % 10) + String(periodCode).padStart(2, '0');
  const withFirstCheck = head + String(billIdCheckDigit(head));
  return withFirstCheck + String(billIdCheckDigit(billId + withFirstCheck));
}

/** A Rial amount rounded down to a whole thousand, as bills are. */
export const roundDownToThousand = (rials: number) => Math.floor(rials / 1000) * 1000;
