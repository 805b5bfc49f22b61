/**
 * A transfer as a job: claimed in the store before it is sent (its id is the idempotency key), and
 * followed through the transfer inquiry whenever its answer was unclear. It never expires: a transfer
 * that may have moved money stays pending until the upstream says what happened.
 */
import { transfers } from '../../datasources/transfers.js';
import type { TransferOrderRecord, TransferReceiptRecord } from '../../datasources/types/transfers.js';
import { attemptTrackIds } from '../../datasources/upstream/client.js';
import type { JobKind, JobRecord, PollOutcome } from '../types.js';

export const TRANSFER = 'transfer';

/** What a transfer job keeps: the order, whose it is, the key that names it and when it was claimed. */
export interface TransferJobInput {
  readonly idempotencyKey: string;
  /** SHA-256 of the canonical order: the same key with another order is refused. */
  readonly fingerprint: string;
  readonly order: TransferOrderRecord;
  /** Epoch milliseconds. */
  readonly claimedAt: number;
}

export type TransferJobRecord = JobRecord<typeof TRANSFER, TransferJobInput, TransferReceiptRecord>;

/** The failure code of a transfer the upstream shows was never applied. */
export const NOT_APPLIED = 'NOT_APPLIED';

export function transferJob(options: { settleMs: number; now?: () => number }): JobKind<TransferJobInput, TransferReceiptRecord> {
  const now = options.now ?? Date.now;
  return {
    name: TRANSFER,
    maxAgeMs: Number.POSITIVE_INFINITY,
    submit: () => Promise.reject(new Error('a transfer is claimed and sent by the transfer desk, never submitted by the engine')),
    async poll(upstream, trackId, input): Promise<PollOutcome<TransferReceiptRecord>> {
      try {
        let failed = false;
        // The first attempt, or the resend after a rejected token: at most one of them was applied.
        for (const sent of attemptTrackIds(trackId)) {
          const found = await transfers.inquire(upstream, sent);
          if (found.state === 'APPLIED') return { status: 'SUCCESS', result: found.receipt };
          if (found.state === 'FAILED') failed = true;
        }
        if (failed) return { status: 'FAILED', failure: { code: 'REJECTED_BY_BANK', message: 'The bank reports the transfer failed; no money moved.' } };
        if (now() - input.claimedAt < options.settleMs) return { status: 'PENDING' };
        return { status: 'FAILED', failure: { code: NOT_APPLIED, message: 'The transfer never reached the bank; no money moved.' } };
      } catch {
        // An inquiry that failed says nothing about the transfer: ask again later.
        return { status: 'PENDING' };
      }
    },
  };
}
