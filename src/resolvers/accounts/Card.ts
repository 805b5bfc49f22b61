import type { CardResolvers } from '../../__generated__/resolvers-types.js';
import type { Context } from '../../context.js';
import { isValidCardNumber } from '../../validation/identifiers.js';
import { lazyField } from '../shared/lazyField.js';
import type { CardModel } from './models.js';

const holder = (card: CardModel, { dataSources }: Context) => dataSources.accounts.getCardHolder(card.number);
const conversion = (card: CardModel, { dataSources }: Context) => dataSources.accounts.getCardAccount(card.number);

export const Card: CardResolvers = {
  __resolveReference: (reference) => (isValidCardNumber(reference.number) ? { number: reference.number } : null),
  maskedNumber: lazyField(holder, 'maskedNumber'),
  holderName: lazyField(holder, 'holderName'),
  bank: async (card, _args, { dataSources }) => {
    const prefix = card.number.slice(0, 6);
    const bank = (await dataSources.accounts.listBanks()).find((candidate) => candidate.cardPrefixes.includes(prefix));
    return bank ? { code: bank.code } : null;
  },
  iban: lazyField(conversion, 'iban'),
  accountNumber: async (card, _args, { dataSources }) =>
    (await dataSources.accounts.getCardDeposit(card.number)).accountNumber,
  // The conversion's account number, status and holders answer those fields: no IBAN inquiry follows.
  account: async (card, _args, context) => {
    const { iban, accountNumber, status, holders } = await conversion(card, context);
    if (!iban) return null;
    return { iban, ...(accountNumber !== null && { accountNumber }), status, holders };
  },
};
