import type {
  ChequeIssueMediaResolvers,
  ChequeIssueTypeResolvers,
  ChequeReasonResolvers,
  ChequeTransferStateResolvers,
} from '../../__generated__/resolvers-types.js';
import { CHEQUE_REASON, CHEQUE_TRANSFER_STATE } from '../../datasources/types/chequeActions.js';
import { CHEQUE_MEDIA, CHEQUE_TYPE } from '../../datasources/types/cheques.js';

// The Sayad system's code each value stands for: arguments arrive as it, results are served by name.
export const ChequeReason = CHEQUE_REASON satisfies Required<ChequeReasonResolvers>;
export const ChequeIssueType = CHEQUE_TYPE satisfies Required<ChequeIssueTypeResolvers>;
export const ChequeIssueMedia = CHEQUE_MEDIA satisfies Required<ChequeIssueMediaResolvers>;
/** OTHER stands for itself: a `resultCode` not known yet. */
export const ChequeTransferState = {
  ...CHEQUE_TRANSFER_STATE,
  OTHER: 'OTHER',
} satisfies Required<ChequeTransferStateResolvers>;
