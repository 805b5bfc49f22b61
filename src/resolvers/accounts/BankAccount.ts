import type { BankAccountResolvers } from '../../__generated__/resolvers-types.js';
import type { Context } from '../../context.js';
import { AYANDEH } from '../../datasources/facility.js';
import { isValidIban } from '../../validation/identifiers.js';
import { lazyField } from '../shared/lazyField.js';
import type { BankAccountModel } from './models.js';

const inquiry = (account: BankAccountModel, { dataSources }: Context) => dataSources.oak.getIban(account.iban);

// In an IBAN, the three characters after `IR` and the check digits are the bank code.
const bankCodeOf = (iban: string) => iban.slice(4, 7);

export const BankAccount: BankAccountResolvers = {
  __resolveReference: (reference) => (isValidIban(reference.iban) ? { iban: reference.iban } : null),
  bank: (account) => ({ code: bankCodeOf(account.iban) }),
  accountNumber: lazyField(inquiry, 'accountNumber'),
  status: lazyField(inquiry, 'status'),
  statusDescription: lazyField(inquiry, 'statusDescription'),
  description: lazyField(inquiry, 'comment'),
  holders: lazyField(inquiry, 'owners'),
  holderName: async (account, _args, context) => {
    const accountNumber = account.accountNumber ?? (await inquiry(account, context)).accountNumber;
    return accountNumber ? (await context.dataSources.facility.getAccountHolder(accountNumber)).holderName : null;
  },
  holderDetails: (account, _args, { dataSources }) =>
    bankCodeOf(account.iban) === AYANDEH ? dataSources.facility.getAccountInfo(account.iban) : null,
};
