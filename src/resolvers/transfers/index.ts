import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { Mutation } from './Mutation.js';
import { Query } from './Query.js';
import { TransferJob } from './TransferJob.js';
import { TransferOrder } from './TransferOrder.js';
import { TransferReceipt } from './TransferReceipt.js';
import { TransferCompleted, TransferPending, TransferRejected } from './results.js';

export const transfers = {
  Query,
  Mutation,
  TransferJob,
  TransferReceipt,
  TransferOrder,
  TransferCompleted,
  TransferPending,
  TransferRejected,
} satisfies Resolvers;
