/**
 * A transfer (wire facts §4.9): `transferTo` with a trackId chosen and stored before sending, and the
 * transfer inquiry by that trackId. Only the action desk sends one: claimed before it is sent (its id
 * names the payer's idempotency key), and followed through the transfer inquiry whenever its answer
 * was unclear. It never expires: a transfer that may have moved money stays pending until the
 * upstream says what happened.
 */
import { nullIfNotFound } from '../../errors.js';
import { TransferReceiptAnswer, TransferStatusAnswer } from '../records/transfers.js';
import { decode } from '../shared/shapes.js';
import type { UpstreamAccess } from '../shared/requestUpstream.js';
import type { TransferOrderRecord, TransferReceiptRecord } from '../types/transfers.js';
import { attemptTrackIds, type UpstreamResult } from '../upstream/client.js';
import type { ActionInput, ActionJobRecord, DeskAction, JobKind, PollOutcome } from './port.js';
import { refusalFrom, refusalIn, type RefusalTable } from './refusals.js';

export type TransferInquiry =
  | { readonly state: 'APPLIED'; readonly receipt: TransferReceiptRecord }
  | { readonly state: 'FAILED' }
  | { readonly state: 'UNKNOWN' };

function receiptOf(
  operationId: 'oakTransferToDepositPost' | 'oakTransferInquiryGet',
  answer: UpstreamResult,
  trackId: string,
): TransferReceiptRecord {
  const r = decode(operationId, answer, TransferReceiptAnswer);
  return {
    amount: r.amount,
    rail: r.type,
    sourceNumber: r.sourceNumber,
    destinationNumber: r.destinationNumber,
    destinationFirstName: r.destinationFirstname,
    destinationLastName: r.destinationLastname,
    inquiryDate: r.inquiryDate,
    inquiryTime: r.inquiryTime,
    inquirySequence: r.inquirySequence,
    refCode: r.refCode,
    description: r.description,
    message: r.message,
    paymentNumber: r.paymentNumber,
    reasonDescription: r.reasonDescription,
    sourceFirstName: r.sourceFirstname,
    sourceLastName: r.sourceLastname,
    transactionId: r.transactionId,
    endToEndId: r.endToEndId,
    trackId: r.transferTrackId ?? trackId,
  };
}

export const transfers = {
  /** Sends the order once with `trackId`; throws the upstream's answer when it is not a receipt. */
  async send(
    upstream: Pick<UpstreamAccess, 'send'>,
    order: TransferOrderRecord,
    trackId: string,
  ): Promise<TransferReceiptRecord> {
    const body = {
      amount: Number(order.amount),
      description: order.description,
      deposit: order.sourceAccountNumber,
      destinationNumber: order.destination,
      ...(order.destinationFirstName !== null && { destinationFirstname: order.destinationFirstName }),
      ...(order.destinationLastName !== null && { destinationLastname: order.destinationLastName }),
      ...(order.paymentNumber !== null && { paymentNumber: order.paymentNumber }),
      ...(order.reasonDescription && { reasonDescription: order.reasonDescription }),
      ...(order.sourceFirstName && { sourceFirstName: order.sourceFirstName }),
      ...(order.sourceLastName && { sourceLastName: order.sourceLastName }),
      ...(order.merchantName && { merchantName: order.merchantName }),
      ...(order.merchantIban && { merchantIban: order.merchantIban }),
    };
    const answer = await upstream.send('oakTransferToDepositPost', { body, trackId, subject: order.nationalId });
    return receiptOf('oakTransferToDepositPost', answer, answer.trackId);
  },

  /**
   * Where the transfer sent with `trackId` stands: applied with its receipt, failed at the bank, or
   * unknown (the upstream knows no transfer with it, or has no final word yet).
   */
  async inquire(upstream: Pick<UpstreamAccess, 'send'>, trackId: string): Promise<TransferInquiry> {
    const answer = await nullIfNotFound(upstream.send('oakTransferInquiryGet', { query: { inquiryTrackId: trackId } }));
    if (!answer) return { state: 'UNKNOWN' };
    const { transferStatus } = decode('oakTransferInquiryGet', answer, TransferStatusAnswer);
    // The receipt is read only once the transfer is known applied.
    if (transferStatus === 'APPLIED')
      return { state: 'APPLIED', receipt: receiptOf('oakTransferInquiryGet', answer, trackId) };
    if (transferStatus === 'FAILED') return { state: 'FAILED' };
    return { state: 'UNKNOWN' };
  },
};

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
}): JobKind<TransferJobInput, TransferReceiptRecord, typeof TRANSFER> {
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
