import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { parseCardImage, parseFaceImage, parseThreshold } from '../../validation/media.js';

export const Query: QueryResolvers = {
  nationalCardScan: (_parent, args, { dataSources }) =>
    dataSources.verification.scanNationalCard(args.side, parseCardImage(args.image, 'image')),
  faceComparison: (_parent, args, { dataSources }) => {
    const threshold = parseThreshold(args.threshold, 'threshold');
    return dataSources.verification.compareFaces(
      parseFaceImage(args.image, 'image'),
      parseFaceImage(args.otherImage, 'otherImage'),
      threshold,
    );
  },
};
