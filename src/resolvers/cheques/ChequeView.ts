import type { ChequeViewResolvers } from '../../__generated__/resolvers-types.js';
import { chequeFields } from './chequeFields.js';
import { chequeAccount } from './codes.js';

export const ChequeView: ChequeViewResolvers = {
  ...chequeFields,
  destinationAccount: (view) => chequeAccount(view.toIban),
};
