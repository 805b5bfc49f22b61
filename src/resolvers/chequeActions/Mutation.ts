import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { parseAnswerCheque, parseCancelCheque, parseIssueCheque, parseTransferCheque } from './input.js';
import { outcomeOf } from './outcome.js';

export const Mutation: MutationResolvers = {
  issueCheque: async (_parent, { input }, { dataSources, clock }) => {
    const { idempotencyKey, draft } = parseIssueCheque(input, clock.now());
    return outcomeOf(await dataSources.chequeActions.issue(idempotencyKey, draft));
  },
  transferCheque: async (_parent, { input }, { dataSources }) => {
    const { idempotencyKey, draft } = parseTransferCheque(input);
    return outcomeOf(await dataSources.chequeActions.transfer(idempotencyKey, draft));
  },
  acceptCheque: async (_parent, { input }, { dataSources }) => {
    const { idempotencyKey, order } = parseAnswerCheque(input, true);
    return outcomeOf(await dataSources.chequeActions.answer(idempotencyKey, order));
  },
  rejectCheque: async (_parent, { input }, { dataSources }) => {
    const { idempotencyKey, order } = parseAnswerCheque(input, false);
    return outcomeOf(await dataSources.chequeActions.answer(idempotencyKey, order));
  },
  cancelCheque: async (_parent, { input }, { dataSources }) => {
    const { idempotencyKey, order } = parseCancelCheque(input);
    return outcomeOf(await dataSources.chequeActions.cancel(idempotencyKey, order));
  },
};
