import type { TransferJobRecord } from '../../datasources/flows/transfer.js';

/** A stored transfer as the TransferResult member its status makes it. */
export function outcomeOf(job: TransferJobRecord) {
  switch (job.status) {
    case 'SUCCESS':
      return { __typename: 'TransferCompleted' as const, job };
    case 'FAILED':
      return { __typename: 'TransferRejected' as const, job };
    case 'PENDING':
      return { __typename: 'TransferPending' as const, job };
  }
}
