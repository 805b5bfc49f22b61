import type { TransferOrderResolvers } from '../../__generated__/resolvers-types.js';
import { accountByNumber } from '../shared/accountByNumber.js';

export const TransferOrder: TransferOrderResolvers = {
  holder: (order) => ({ nationalId: order.nationalId }),
  sourceAccount: (order, _args, context) =>
    order.sourceBankCode ? accountByNumber(order.sourceBankCode, order.sourceAccountNumber, context) : null,
  destinationAccount: (order, _args, context) => {
    if (order.destination.startsWith('IR')) return { iban: order.destination };
    return order.sourceBankCode ? accountByNumber(order.sourceBankCode, order.destination, context) : null;
  },
};
