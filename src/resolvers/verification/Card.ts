import type { CardResolvers } from '../../__generated__/resolvers-types.js';
import { parseMobile, parseNationalId } from '../../validation/identifiers.js';

export const Card: CardResolvers = {
  ownedBy: (card, args, { dataSources }) =>
    dataSources.kyc.isCardOwner(card.number, parseNationalId(args.nationalId, 'nationalId')),
  belongsToMobileOwner: (card, args, { dataSources }) =>
    dataSources.kyc.isCardOfMobileOwner(card.number, parseMobile(args.mobile, 'mobile')),
};
