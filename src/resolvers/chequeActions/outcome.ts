import type { ChequeActionJobRecord } from '../../datasources/flows/chequeAction.js';

/** A stored cheque action as the ChequeActionResult member its status makes it. */
export function outcomeOf(job: ChequeActionJobRecord) {
  switch (job.status) {
    case 'SUCCESS':
      return { __typename: 'ChequeActionCompleted' as const, job };
    case 'FAILED':
      return { __typename: 'ChequeActionRejected' as const, job };
    case 'PENDING':
      return { __typename: 'ChequeActionPending' as const, job };
  }
}
