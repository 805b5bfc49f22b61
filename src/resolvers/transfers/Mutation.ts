import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { parseSecondPassword, parseTransferInput, requireBankFields } from './input.js';
import { outcomeOf } from './outcome.js';

export const Mutation: MutationResolvers = {
  transfer: async (_parent, { input }, { dataSources, consent }) => {
    const { idempotencyKey, order } = parseTransferInput(input);
    const secondPassword = parseSecondPassword(input.secondPassword);
    // The consent's bank is the source account's: recorded so the order links to its account.
    // A consent that cannot be read is refused just after, by the datasource's authorization.
    const sourceBankCode = consent
      ? await consent.describe().then(
          (view) => view.bank,
          () => null,
        )
      : null;
    requireBankFields(sourceBankCode, order, secondPassword);
    return outcomeOf(await dataSources.transfers.transfer(idempotencyKey, order, secondPassword, sourceBankCode));
  },
};
