/** Shared pieces of the credit tests: consent scopes, counting upstream calls, the colour rules. */
export { callCounts } from '../helpers/calls.js';

export const FACILITY_SCOPE = 'credit:sms-facility-inquiry:get';
export const BACK_CHEQUES_SCOPE = 'credit:sms-back-cheques:get';
export const GUARANTY_SCOPE = 'credit:sms-guaranty-inquiry:get';
export const CREDIT_SMS_SCOPES = [FACILITY_SCOPE, BACK_CHEQUES_SCOPE, GUARANTY_SCOPE];

/**
 * The colour the documented rules give a list of cheque amounts, written here independently of the
 * sandbox: the worse of what the count and what the total give.
 */
export function expectedColour(amounts: readonly string[]): string {
  const total = amounts.reduce((sum, amount) => sum + BigInt(amount), 0n);
  const n = amounts.length;
  if (n === 0) return 'WHITE';
  const levels = ['WHITE', 'YELLOW', 'ORANGE', 'BROWN', 'RED'];
  const byCount = n === 1 ? 1 : n <= 4 ? 2 : n <= 10 ? 3 : 4;
  const million = 1_000_000n;
  const byTotal = total <= 50n * million ? 1 : total <= 200n * million ? 2 : total <= 500n * million ? 3 : 4;
  return levels[Math.max(byCount, byTotal)]!;
}
