import type { ChequeResolvers } from '../../__generated__/resolvers-types.js';
import { CHEQUE_TYPE } from '../../datasources/types/cheques.js';
import { BadUserInputError } from '../../errors.js';
import { isValidSayadId } from '../../validation/identifiers.js';
import { parseChequeActor } from '../../validation/cheques.js';
import { viewerOf } from './viewer.js';

export const Cheque: ChequeResolvers = {
  __resolveReference: (reference) =>
    typeof reference.sayadId === 'string' && isValidSayadId(reference.sayadId) ? { sayadId: reference.sayadId } : null,
  view: async (cheque, args, context) =>
    context.dataSources.cheques.getCheque(cheque.sayadId, await viewerOf(context, args.legalId, args.shahabCode)),
  statusReport: async (cheque, args, context) =>
    context.dataSources.cheques.getStatusReport(cheque.sayadId, await viewerOf(context, args.legalId)),
  chain: async (cheque, args, context) => {
    if (args.type === 'OTHER') throw new BadUserInputError('type', 'expected a known kind of cheque, not OTHER');
    const viewer = await viewerOf(context, args.legalId);
    const { cheques } = context.dataSources;
    // The inquiry wants the cheque's kind: the caller's, or the one the holder's inquiry gives.
    let type: number | null | undefined = args.type;
    if (type === undefined || type === null) {
      const seen = await cheques.getCheque(cheque.sayadId, viewer);
      if (!seen) return null;
      type = seen.type;
    }
    return cheques.getChain(cheque.sayadId, viewer, type ?? CHEQUE_TYPE.NORMAL);
  },
  drawerReport: (cheque, args, context) => {
    const drawer = parseChequeActor(args.drawer, 'drawer', false);
    const branchUser = args.callerBranchCode ?? null;
    if (branchUser !== null && !/^[A-Za-z0-9._-]{1,50}$/.test(branchUser))
      throw new BadUserInputError('callerBranchCode', 'expected 1–50 letters, digits, `.`, `_` or `-`');
    return context.dataSources.cheques.getDrawerReport(cheque.sayadId, drawer, branchUser);
  },
  leaf: (cheque, _args, context) => context.dataSources.cheques.getLeaf(cheque.sayadId),
};
