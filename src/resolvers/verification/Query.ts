import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { parseCardImage } from '../../validation/media.js';

export const Query: QueryResolvers = {
  nationalCardScan: (_parent, args, { dataSources }) => dataSources.kyc.scanNationalCard(args.side, parseCardImage(args.image, 'image')),
};
