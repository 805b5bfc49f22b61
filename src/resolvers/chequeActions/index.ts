import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { ChequeActionJob } from './ChequeActionJob.js';
import { ChequeActionReceipt } from './ChequeActionReceipt.js';
import { ChequeIssueMedia, ChequeIssueType, ChequeReason, ChequeTransferState } from './enums.js';
import { Mutation } from './Mutation.js';
import { Query } from './Query.js';
import { ChequeActionCompleted, ChequeActionPending, ChequeActionRejected } from './results.js';

export const chequeActions = {
  Query,
  Mutation,
  ChequeActionJob,
  ChequeActionReceipt,
  ChequeActionCompleted,
  ChequeActionPending,
  ChequeActionRejected,
  ChequeReason,
  ChequeIssueType,
  ChequeIssueMedia,
  ChequeTransferState,
} satisfies Resolvers;
