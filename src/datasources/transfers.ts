/**
 * Money movement on the wire (wire facts §4.9): `transferTo` with a trackId chosen and stored before
 * sending, and the transfer inquiry by that trackId. Only the transfer desk calls these: a transfer
 * is never sent from a resolver directly, so no request can send one twice.
 */
import { RecordReader } from './read.js';
import type { UpstreamAccess } from './requestUpstream.js';
import type { TransferOrderRecord, TransferRail, TransferReceiptRecord } from './types/transfers.js';
import type { UpstreamResult } from './upstream/client.js';
import { nullIfNotFound } from '../errors.js';

export type TransferInquiry =
  | { readonly state: 'APPLIED'; readonly receipt: TransferReceiptRecord }
  | { readonly state: 'FAILED' }
  | { readonly state: 'UNKNOWN' };

const RAILS: Readonly<Record<string, TransferRail>> = { internal: 'INTERNAL', paya: 'PAYA', satna: 'SATNA' };

function receiptOf(
  operationId: 'oakTransferToDepositPost' | 'oakTransferInquiryGet',
  answer: UpstreamResult,
  trackId: string,
): TransferReceiptRecord {
  const read = new RecordReader(operationId, answer);
  const r = read.object(answer.result);
  const rail = read.text(r.type)?.toLowerCase();
  return {
    amount: read.rial(r.amount ?? r.transactionAmount, 'transfer amount'),
    rail: (rail && RAILS[rail]) || null,
    sourceNumber: read.text(r.sourceNumber),
    destinationNumber: read.text(r.destinationNumber),
    destinationFirstName: read.text(r.destinationFirstname),
    destinationLastName: read.text(r.destinationLastname),
    inquiryDate: read.text(r.inquiryDate),
    inquiryTime: read.text(r.inquiryTime),
    inquirySequence: read.text(r.inquirySequence),
    refCode: read.text(r.refCode),
    trackId: read.text(r.transferTrackId) ?? trackId,
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
    const read = new RecordReader('oakTransferInquiryGet', answer);
    const status = read.text(read.object(answer.result).transferStatus)?.toUpperCase();
    if (status === 'DONE' || status === 'SUCCESS')
      return { state: 'APPLIED', receipt: receiptOf('oakTransferInquiryGet', answer, trackId) };
    if (status === 'FAILED') return { state: 'FAILED' };
    return { state: 'UNKNOWN' };
  },
};
