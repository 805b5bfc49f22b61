/**
 * A transfer as a job: claimed by the action desk before it is sent (its id names the payer's
 * idempotency key), and followed through the transfer inquiry whenever its answer was unclear. It never expires: a transfer
 * that may have moved money stays pending until the upstream says what happened.
 */
import { transfers } from '../../datasources/transfers.js';
import type { TransferOrderRecord, TransferReceiptRecord } from '../../datasources/types/transfers.js';
import { attemptTrackIds } from '../../datasources/upstream/client.js';
import {
  refusalFrom,
  refusalIn,
  type ActionInput,
  type ActionJobRecord,
  type DeskAction,
  type RefusalTable,
} from '../actionDesk.js';
import type { JobKind, PollOutcome } from '../types.js';

export const TRANSFER = 'transfer';

export type TransferJobInput = ActionInput<TransferOrderRecord>;
export type TransferJobRecord = ActionJobRecord<typeof TRANSFER, TransferOrderRecord, TransferReceiptRecord>;

/** Why the bank refused a transfer, by the upstream's documented messages (wire facts §3.2, §4.9). */
const REFUSALS: RefusalTable = [
  [/same/i, 'SAME_ACCOUNT', 'The source and destination are the same account.'],
  [
    /invalid destination deposit/i,
    'INVALID_DESTINATION',
    'The destination is not an account that can receive this transfer.',
  ],
  [/invalid deposit/i, 'INVALID_SOURCE', 'The source account is not one the consent covers.'],
  [/minimum amount/i, 'AMOUNT_BELOW_MINIMUM', 'The amount is below the minimum of the rail (10,000 rials).'],
  [/max amount/i, 'AMOUNT_ABOVE_LIMIT', 'The amount is above the limit of the rail or of the consent.'],
  [
    /account conditions/i,
    'ACCOUNT_CONDITIONS_NOT_MET',
    'The source account cannot pay this: not enough balance, or withdrawals are blocked.',
  ],
  [
    /destination(first|last)name/i,
    'INVALID_DESTINATION_NAME',
    "The destination holder's first and last names are needed for another bank.",
  ],
];

/** A transfer as the action desk sends it. */
export const transferAction: DeskAction<typeof TRANSFER, TransferOrderRecord, TransferReceiptRecord> = {
  kind: TRANSFER,
  noun: 'transfer',
  send: (upstream, order, trackId) => transfers.send(upstream, order, trackId),
  refusalOf: (error) =>
    refusalFrom(
      error,
      'transfer',
      (refused) =>
        refusalIn(REFUSALS, refused.details.upstreamMessage ?? '') ?? {
          code: 'REJECTED_BY_BANK',
          message: `The bank refused the transfer (${refused.details.upstreamCode ?? 'HTTP 400'}).`,
        },
    ),
};

/** The failure code of a transfer the upstream shows was never applied. */
export const NOT_APPLIED = 'NOT_APPLIED';

export function transferJob(options: {
  settleMs: number;
  now?: () => number;
}): JobKind<TransferJobInput, TransferReceiptRecord> {
  const now = options.now ?? Date.now;
  return {
    name: TRANSFER,
    maxAgeMs: Number.POSITIVE_INFINITY,
    submit: () =>
      Promise.reject(new Error('a transfer is claimed and sent by the action desk, never submitted by the engine')),
    async poll(upstream, trackId, input): Promise<PollOutcome<TransferReceiptRecord>> {
      try {
        let failed = false;
        // The first attempt, or the resend after a rejected token: at most one of them was applied.
        for (const sent of attemptTrackIds(trackId)) {
          const found = await transfers.inquire(upstream, sent);
          if (found.state === 'APPLIED') return { status: 'SUCCESS', result: found.receipt };
          if (found.state === 'FAILED') failed = true;
        }
        if (failed)
          return {
            status: 'FAILED',
            failure: { code: 'REJECTED_BY_BANK', message: 'The bank reports the transfer failed; no money moved.' },
          };
        if (now() - input.claimedAt < options.settleMs) return { status: 'PENDING' };
        return {
          status: 'FAILED',
          failure: { code: NOT_APPLIED, message: 'The transfer never reached the bank; no money moved.' },
        };
      } catch {
        // An inquiry that failed says nothing about the transfer: ask again later.
        return { status: 'PENDING' };
      }
    },
  };
}
