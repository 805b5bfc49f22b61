import type { ChequeViewResolvers } from '../../__generated__/resolvers-types.js';
import { chequeFields } from './chequeFields.js';
import { chequeAccount } from './codes.js';

export const ChequeView: ChequeViewResolvers = {
  ...chequeFields,
  destinationAccount: (view) => chequeAccount(view.toIban),
  bank: (view) => (view.bankCode ? { code: view.bankCode } : null),
  currencyCode: (view) => view.currency,
  blockStatusCode: (view) => view.blockStatus,
  guaranteeStatusCode: (view) => view.guaranteeStatus,
  lockerBank: (view) => (view.lockerBankCode ? { code: view.lockerBankCode } : null),
};
