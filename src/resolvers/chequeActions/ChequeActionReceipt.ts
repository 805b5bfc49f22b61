import type { ChequeActionReceiptResolvers, ChequeTransferState } from '../../__generated__/resolvers-types.js';

/** The transfer's `resultCode` (wire facts §4.8). */
const TRANSFER_STATES: Readonly<Record<number, ChequeTransferState>> = {
  1: 'TRANSFERRED',
  2: 'AWAITING_ACCEPTANCE',
  3: 'APPROVAL_REGISTERED',
  4: 'COMPLETED',
  5: 'CANCELLED',
};

export const ChequeActionReceipt: ChequeActionReceiptResolvers = {
  transferState: (receipt) => (receipt.resultCode === null ? null : (TRANSFER_STATES[receipt.resultCode] ?? 'OTHER')),
};
