/**
 * SMS in the fictional world (wire facts §4.10): the client's sender numbers, how many parts a text
 * makes, and how each recipient's delivery unfolds over time. Most messages are delivered; mobiles with
 * a designed ending reach another final state, so tests can ask for each.
 */

/** The sender numbers assigned to the sandbox's client. */
export const SENDER_NUMBERS: readonly string[] = ['200000', '30004505'];

/** Mobiles whose delivery ends otherwise than delivered, by their last four digits. */
export const SPECIAL_RECIPIENT_ENDINGS = {
  blacklisted: '0023',
  sendFailed: '0010',
  noReport: '0019',
} as const;

/** The upstream's delivery codes the sandbox passes through: waiting, on the way to the telecom, at the telecom. */
const ON_THE_WAY = [0, 5, 22] as const;

/** The final delivery code of a message to `mobile` (in `09…` form). */
export function finalDeliveryOf(mobile: string): number {
  if (mobile.endsWith(SPECIAL_RECIPIENT_ENDINGS.blacklisted)) return 23;
  if (mobile.endsWith(SPECIAL_RECIPIENT_ENDINGS.sendFailed)) return 10;
  if (mobile.endsWith(SPECIAL_RECIPIENT_ENDINGS.noReport)) return 19;
  return 24;
}

/**
 * The delivery code of a message to `mobile` sent `elapsedMs` ago, when a delivery takes `delayMs`:
 * through waiting, on the way and at the telecom, in equal steps, then final.
 */
export function deliveryAt(mobile: string, elapsedMs: number, delayMs: number): number {
  if (elapsedMs >= delayMs) return finalDeliveryOf(mobile);
  const step = Math.floor((Math.max(0, elapsedMs) / Math.max(1, delayMs)) * ON_THE_WAY.length);
  return ON_THE_WAY[Math.min(step, ON_THE_WAY.length - 1)] ?? 0;
}

/** Any character outside Latin-1 makes a text a Unicode SMS. */
const isUnicode = (text: string): boolean => [...text].some((char) => (char.codePointAt(0) ?? 0) > 0xff);

/** The SMS parts a text makes: 70 characters each for a Unicode (Persian) text, 160 for a Latin one. */
export function partsOf(text: string): number {
  const size = isUnicode(text) ? 70 : 160;
  return Math.max(1, Math.ceil([...text].length / size));
}

/** A mobile as the upstream takes it (`+98…` or `09…`), in `09…` form; null when it is none. */
export function recipientMobile(value: string): string | null {
  if (/^09\d{9}$/.test(value)) return value;
  if (/^\+989\d{9}$/.test(value)) return `0${value.slice(3)}`;
  return null;
}
