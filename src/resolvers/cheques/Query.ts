import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { parseChequeNumber } from '../../validation/cheques.js';
import { parseSayadId } from '../../validation/identifiers.js';

export const Query: QueryResolvers = {
  cheque: (_parent, args) => ({ sayadId: parseSayadId(args.sayadId, 'sayadId') }),
  chequeLeafBySerial: (_parent, args, { dataSources }) => {
    const serialNo = parseChequeNumber(args.serialNumber, 'serialNumber');
    const seriesNo = parseChequeNumber(args.seriesNumber, 'seriesNumber');
    return dataSources.cheques.getLeafBySerial(serialNo, seriesNo);
  },
};
