import type { BankAccountResolvers } from '../../__generated__/resolvers-types.js';
import type { Context } from '../../context.js';
import { isValidIban } from '../../validation/identifiers.js';
import { lazyField } from '../shared/lazyField.js';
import type { BankAccountModel } from './models.js';

const inquiry = (account: BankAccountModel, { dataSources }: Context) => dataSources.oak.getIban(account.iban);

export const BankAccount: BankAccountResolvers = {
  __resolveReference: (reference) => (isValidIban(reference.iban) ? { iban: reference.iban } : null),
  // In an IBAN, the three characters after `IR` and the check digits are the bank code.
  bank: (account) => ({ code: account.iban.slice(4, 7) }),
  accountNumber: lazyField(inquiry, 'accountNumber'),
  status: lazyField(inquiry, 'status'),
  statusDescription: lazyField(inquiry, 'statusDescription'),
  description: lazyField(inquiry, 'comment'),
  holders: lazyField(inquiry, 'owners'),
};
