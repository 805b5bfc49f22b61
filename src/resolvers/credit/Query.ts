import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { parseGuaranteeId } from './guaranteeId.js';

export const Query: QueryResolvers = {
  bankGuarantee: (_parent, args, { dataSources }) =>
    dataSources.credit.getBankGuarantee(parseGuaranteeId(args.guaranteeId, 'guaranteeId')),
};
