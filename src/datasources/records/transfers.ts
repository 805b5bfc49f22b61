/** The transfer answers (`/oak`, wire facts §4.9), as the upstream writes them. */
import { aliased, record, rial, text, word } from '../shared/shapes.js';
import type { TransferRail } from '../types/transfers.js';

const RAILS: Readonly<Record<string, TransferRail>> = { internal: 'INTERNAL', paya: 'PAYA', satna: 'SATNA' };

/** What a transfer inquiry's status says: applied (`DONE`, `SUCCESS`) or failed at the bank, in any case. */
const TRANSFER_STATES: Readonly<Record<string, 'APPLIED' | 'FAILED'>> = {
  DONE: 'APPLIED',
  SUCCESS: 'APPLIED',
  FAILED: 'FAILED',
};

/**
 * `oakTransferToDepositPost` and `oakTransferInquiryGet`: the receipt. The amount is `amount` or, when
 * that is absent, `transactionAmount`; the rail (`type`) in any case.
 */
export const TransferReceiptAnswer = aliased(
  { amount: 'transactionAmount' },
  record({
    amount: rial,
    type: word(RAILS, (rail) => rail.toLowerCase()),
    sourceNumber: text,
    destinationNumber: text,
    destinationFirstname: text,
    destinationLastname: text,
    inquiryDate: text,
    inquiryTime: text,
    inquirySequence: text,
    refCode: text,
    transferTrackId: text,
    description: text,
    message: text,
    paymentNumber: text,
    reasonDescription: text,
    sourceFirstname: text,
    sourceLastname: text,
    transactionId: text,
    endToEndId: text,
  }),
);

/** `oakTransferInquiryGet`: where the transfer stands; null when the upstream has no final word. */
export const TransferStatusAnswer = record({
  transferStatus: word(TRANSFER_STATES, (status) => status.toUpperCase()),
});
