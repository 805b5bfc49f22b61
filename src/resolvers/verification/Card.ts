import type { CardResolvers } from '../../__generated__/resolvers-types.js';
import { parseMobile, parseNationalId } from '../../validation/identifiers.js';

export const Card: CardResolvers = {
  ownedBy: (card, args, { dataSources }) =>
    dataSources.verification.isCardOwner(card.number, parseNationalId(args.nationalId, 'nationalId')),
  belongsToMobileOwner: (card, args, { dataSources }) =>
    dataSources.verification.isCardOfMobileOwner(card.number, parseMobile(args.mobile, 'mobile')),
};
