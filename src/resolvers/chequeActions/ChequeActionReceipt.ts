import type { ChequeActionReceiptResolvers } from '../../__generated__/resolvers-types.js';
import { CHEQUE_TRANSFER_STATE } from '../../datasources/types/chequeActions.js';
import { codeOrOther } from '../shared/enumCodes.js';

export const ChequeActionReceipt: ChequeActionReceiptResolvers = {
  transferState: (receipt) =>
    receipt.resultCode === null ? null : codeOrOther(CHEQUE_TRANSFER_STATE, receipt.resultCode),
};
