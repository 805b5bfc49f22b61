import type { BouncedChequeResolvers } from '../../__generated__/resolvers-types.js';
import { isAccountNumber } from '../../validation/accounts.js';
import { accountByNumber } from '../shared/accountByNumber.js';

/** A bounced cheque's drawer account: the credit domain gives its number and bank, this links them. */
export const BouncedCheque: BouncedChequeResolvers = {
  account: (cheque, _args, context) => {
    const bankCode = cheque.bank?.code ?? null;
    const number = cheque.accountNumber;
    if (bankCode === null || !/^\d{3}$/.test(bankCode) || number === null || !isAccountNumber(number)) return null;
    return accountByNumber(bankCode, number, context);
  },
};
