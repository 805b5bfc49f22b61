import type { ChequeResolvers } from '../../__generated__/resolvers-types.js';
import { isValidSayadId } from '../../validation/identifiers.js';
import { parseChequeActor } from '../../validation/cheques.js';
import { viewerOf } from './viewer.js';

export const Cheque: ChequeResolvers = {
  __resolveReference: (reference) =>
    typeof reference.sayadId === 'string' && isValidSayadId(reference.sayadId) ? { sayadId: reference.sayadId } : null,
  view: async (cheque, _args, context) =>
    context.dataSources.cheques.getCheque(cheque.sayadId, await viewerOf(context)),
  statusReport: async (cheque, _args, context) =>
    context.dataSources.cheques.getStatusReport(cheque.sayadId, await viewerOf(context)),
  chain: async (cheque, _args, context) =>
    context.dataSources.cheques.getChain(cheque.sayadId, await viewerOf(context)),
  drawerReport: (cheque, args, context) =>
    context.dataSources.cheques.getDrawerReport(cheque.sayadId, parseChequeActor(args.drawer, 'drawer', false)),
};
