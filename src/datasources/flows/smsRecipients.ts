/**
 * The recipients of an SMS send as its delivery report shows them. The upstream writes each line's number
 * as it was sent, or masked (`+9891********`: its last digits hidden, as the documentation's sample
 * shows): a line with a whole number goes to the recipient with that mobile, and masked lines go, in the
 * order of the report, to the recipients left, in the order of the send, each to one its mask fits.
 */
import { canonicalMobile } from '../../validation/identifiers.js';
import { SMS_DELIVERY_CODES, type SmsOrderRecord, type SmsRecipientRecord } from '../types/messaging.js';

/** One line of the delivery report. */
export interface ReportLine {
  readonly to: string | null;
  readonly code: number | null;
}

const queued = (to: string): SmsRecipientRecord => ({ to, status: 'QUEUED', code: null, final: false });
const notAccepted = (to: string): SmsRecipientRecord => ({ to, status: 'NOT_ACCEPTED', code: null, final: true });
const unmatched = (to: string): SmsRecipientRecord => ({ to, status: 'UNMATCHED', code: null, final: true });

/** A recipient as a report line shows it: an undocumented code is shown as UNKNOWN and followed. */
function recipientOf(to: string, code: number | null): SmsRecipientRecord {
  const known = code === null ? undefined : SMS_DELIVERY_CODES.get(code);
  return { to, status: known?.status ?? 'UNKNOWN', code, final: known?.final ?? false };
}

/** A masked number in the `09…` form of a mobile, `*` for each hidden digit; null when it is not one. */
function maskOf(written: string): string | null {
  const compact = written.replace(/[\s\-()]/g, '');
  if (!compact.includes('*')) return null;
  const national = /^(?:\+98|0098|98|\+0|0)?(9[0-9*]{9})$/.exec(compact)?.[1];
  return national === undefined ? null : `0${national}`;
}

const fits = (mask: string, mobile: string) =>
  mask.length === mobile.length && [...mask].every((digit, i) => digit === '*' || digit === mobile[i]);

/**
 * How the masked lines go to the recipients left, keeping both orders: for each line, the index (into
 * `left`) of its recipient. Null when no way fits, or more than one does (the report cannot be read).
 */
function inOrder(masks: readonly string[], left: readonly string[]): number[] | null {
  // ways[i][j]: how many ways lines i.. go to recipients j.. (counted up to 2: more says nothing new).
  const ways: number[][] = Array.from({ length: masks.length + 1 }, (_, i) =>
    Array.from({ length: left.length + 1 }, () => (i === masks.length ? 1 : 0)),
  );
  for (let i = masks.length - 1; i >= 0; i--)
    for (let j = left.length - 1; j >= 0; j--) {
      const here = fits(masks[i] ?? '', left[j] ?? '') ? (ways[i + 1]?.[j + 1] ?? 0) : 0;
      (ways[i] ?? [])[j] = Math.min(2, here + (ways[i]?.[j + 1] ?? 0));
    }
  if (ways[0]?.[0] !== 1) return null;
  const chosen: number[] = [];
  for (let i = 0, j = 0; i < masks.length; j++)
    if (fits(masks[i] ?? '', left[j] ?? '') && ways[i + 1]?.[j + 1] === 1) {
      chosen.push(j);
      i++;
    }
  return chosen;
}

/**
 * The recipients of `order` by the report's lines. Whole numbers match by mobile (the n-th message to a
 * mobile with the n-th line for it); masked lines as said above. A recipient with no line is still
 * queued while the report has fewer lines than the upstream accepted recipients (`accepted`, when the
 * send's answer was read), and was not accepted once it has them all (the upstream drops invalid
 * numbers). When the masked lines of a whole report cannot be told apart, their recipients are UNMATCHED
 * rather than guessed (while lines are missing, they stay queued).
 */
export function recipientsOf(
  order: SmsOrderRecord,
  report: readonly ReportLine[],
  accepted: number | null,
): SmsRecipientRecord[] {
  const byMobile = new Map<string, ReportLine[]>();
  const masked: Array<{ readonly mask: string; readonly line: ReportLine }> = [];
  for (const line of report) {
    const mask = line.to === null ? null : maskOf(line.to);
    const mobile = line.to === null || mask !== null ? null : canonicalMobile(line.to);
    if (mask !== null) masked.push({ mask, line });
    else if (mobile !== null) byMobile.set(mobile, [...(byMobile.get(mobile) ?? []), line]);
  }
  const shown: Array<SmsRecipientRecord | null> = order.messages.map(({ to }) => {
    const line = byMobile.get(to)?.shift();
    return line ? recipientOf(to, line.code) : null;
  });
  const left = shown.flatMap((recipient, i) => (recipient === null ? [i] : []));
  const complete = accepted === null || report.length >= accepted;
  const missing = (to: string) => (complete ? notAccepted(to) : queued(to));
  if (masked.length > 0) {
    const matched = inOrder(
      masked.map(({ mask }) => mask),
      left.map((i) => order.messages[i]?.to ?? ''),
    );
    left.forEach((index, k) => {
      const to = order.messages[index]?.to ?? '';
      const line = matched === null ? undefined : masked[matched.indexOf(k)]?.line;
      if (matched === null) shown[index] = complete ? unmatched(to) : queued(to);
      else shown[index] = line ? recipientOf(to, line.code) : missing(to);
    });
  }
  return shown.map((recipient, i) => recipient ?? missing(order.messages[i]?.to ?? ''));
}
