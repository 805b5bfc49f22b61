import type { BankAccountResolvers } from '../../__generated__/resolvers-types.js';
import { parseBirthDate } from '../../validation/dates.js';
import { parseNationalId } from '../../validation/identifiers.js';

export const BankAccount: BankAccountResolvers = {
  ownership: (account, args, { dataSources, clock }) =>
    dataSources.verification.getIbanOwnership(
      account.iban,
      parseNationalId(args.nationalId, 'nationalId'),
      args.birthDate === null || args.birthDate === undefined
        ? null
        : parseBirthDate(args.birthDate, 'birthDate', clock.now()),
    ),
};
