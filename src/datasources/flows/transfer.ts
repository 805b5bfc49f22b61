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
import type { UpstreamResult } from '../upstream/client.js';
import { callStatusOf } from './callRecords.js';
import type { ActionInput, ActionJobRecord, DeskAction, JobKind, PollOutcome } from './port.js';
import { abandonedAction, refusalFrom, refusalIn, type RefusalTable } from './refusals.js';

export type TransferInquiry =
  | { readonly state: 'APPLIED'; readonly receipt: TransferReceiptRecord }
  | { readonly state: 'FAILED' }
  /** The bank knows the transfer and has no final word on it yet. */
  | { readonly state: 'IN_PROGRESS' }
  /** The bank knows no transfer sent with the trackId (so far: a late request may still arrive). */
  | { readonly state: 'ABSENT' };

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
   * Where the transfer sent with `trackId` stands: applied with its receipt, failed at the bank, known
   * with no final word yet, or absent (no transfer with it has reached the bank so far).
   */
  async inquire(upstream: Pick<UpstreamAccess, 'send'>, trackId: string): Promise<TransferInquiry> {
    const answer = await nullIfNotFound(upstream.send('oakTransferInquiryGet', { query: { inquiryTrackId: trackId } }));
    if (!answer) return { state: 'ABSENT' };
    const { transferStatus } = decode('oakTransferInquiryGet', answer, TransferStatusAnswer);
    // The receipt is read only once the transfer is known applied.
    if (transferStatus === 'APPLIED')
      return { state: 'APPLIED', receipt: receiptOf('oakTransferInquiryGet', answer, trackId) };
    if (transferStatus === 'FAILED') return { state: 'FAILED' };
    return { state: 'IN_PROGRESS' };
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

/**
 * A transfer's job, for a transfer whose answer settled nothing. Its request may have reached the bank
 * however late (queued in the network or in the upstream after this process gave up on it), so only the
 * upstream's word ends it: the bank's inquiry (applied, or failed), or the call log's record that the
 * request failed. Until then it is pending, however long that takes; "never reached the bank" is never
 * concluded from silence. (A transfer known never to have left this process is settled by the action desk.)
 */
export const transferJob: JobKind<TransferJobInput, TransferReceiptRecord, typeof TRANSFER> = {
  name: TRANSFER,
  maxAgeMs: Number.POSITIVE_INFINITY,
  abandoned: abandonedAction('transfer'),
  submit: () =>
    Promise.reject(new Error('a transfer is claimed and sent by the action desk, never submitted by the engine')),
  async poll(upstream, trackId): Promise<PollOutcome<TransferReceiptRecord>> {
    try {
      const found = await transfers.inquire(upstream, trackId);
      if (found.state === 'APPLIED') return { status: 'SUCCESS', result: found.receipt };
      if (found.state === 'FAILED')
        return {
          status: 'FAILED',
          failure: { code: 'REJECTED_BY_BANK', message: 'The bank reports the transfer failed; no money moved.' },
        };
      if (found.state === 'IN_PROGRESS') return { status: 'PENDING' };
      // Unknown to the bank so far: failed for good only if the upstream handled the request and failed it.
      if ((await callStatusOf(upstream, trackId)) === 'FAILED')
        return {
          status: 'FAILED',
          failure: {
            code: 'REJECTED_BY_BANK',
            message: 'The upstream records the transfer request as failed; no money moved.',
          },
        };
      return { status: 'PENDING' };
    } catch {
      // An inquiry that failed says nothing about the transfer: ask again later.
      return { status: 'PENDING' };
    }
  },
};
