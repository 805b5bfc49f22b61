/**
 * trackId rules (wire facts §3.5): at most 40 letters, digits or hyphens, and never reused. Every
 * trackId admitted keeps the record of its call, which the wages call log (§2.7) reads back.
 */
import type { OperationId } from '../src/datasources/upstream/operations.js';
import { jsonObject, type RequestBody } from './requestBody.js';

const TRACK_ID = /^[A-Za-z0-9-]{1,40}$/;

export type TrackIdVerdict = 'absent' | 'valid' | 'invalid' | 'duplicate';

export const isWellFormedTrackId = (trackId: string): boolean => TRACK_ID.test(trackId);

/**
 * PENDING from arrival until answered; DONE once the operation took effect, even when an injected
 * fault then showed the caller a failure; FAILED when refused or struck before the effect.
 */
export type CallStatus = 'PENDING' | 'DONE' | 'FAILED';

/** What is known of a call when it arrives. */
export interface CallArrival {
  readonly operationId: OperationId;
  readonly scope: string;
  /** Epoch ms. */
  readonly at: number;
  /** The body's `amount` in rials (a transfer, a cheque issue); 0 when it carries none. */
  readonly transactionAmount: number;
  /** The body's source `deposit`, when it names one. */
  readonly deposit: string | null;
}

export interface CallRecord extends CallArrival {
  readonly trackId: string;
  readonly status: CallStatus;
  /** The national id of the user token presented, when it was one. */
  readonly user?: string;
}

/** The arrival facts the body carries: its `amount` and `deposit`. */
export function bodyFacts(body: RequestBody): Pick<CallArrival, 'transactionAmount' | 'deposit'> {
  const fields = jsonObject(body) ?? {};
  const amount = fields['amount'];
  const numeric =
    typeof amount === 'number' || (typeof amount === 'string' && /^\d{1,18}$/.test(amount)) ? Number(amount) : 0;
  const deposit = fields['deposit'];
  return {
    transactionAmount: Number.isSafeInteger(numeric) && numeric > 0 ? numeric : 0,
    deposit: typeof deposit === 'string' && deposit !== '' ? deposit : null,
  };
}

export class TrackIdRegistry {
  private readonly records = new Map<string, CallRecord>();

  /**
   * Judges a trackId; a valid one is remembered with its call, PENDING, so that any later call with
   * the same one is a duplicate.
   */
  admit(trackId: string | undefined, arrival: CallArrival): TrackIdVerdict {
    if (trackId === undefined || trackId === '') return 'absent';
    if (!isWellFormedTrackId(trackId)) return 'invalid';
    if (this.records.has(trackId)) return 'duplicate';
    this.records.set(trackId, { ...arrival, trackId, status: 'PENDING' });
    return 'valid';
  }

  /** Records how an admitted call ended, and whose token it carried. */
  settle(trackId: string, status: Exclude<CallStatus, 'PENDING'>, user: string | undefined): void {
    const record = this.records.get(trackId);
    if (record) this.records.set(trackId, { ...record, status, ...(user !== undefined && { user }) });
  }

  record(trackId: string): CallRecord | undefined {
    return this.records.get(trackId);
  }

  /** Forgets every trackId admitted: any of them may be sent again. */
  forget(): void {
    this.records.clear();
  }

  /** Every record, newest arrival first. */
  newestFirst(): CallRecord[] {
    return [...this.records.values()].reverse().sort((a, b) => b.at - a.at);
  }
}
