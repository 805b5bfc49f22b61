/** The members of ChequeActionResult, each over the stored action it reports on. */
import type {
  ChequeActionCompletedResolvers,
  ChequeActionPendingResolvers,
  ChequeActionRejectedResolvers,
  ChequeActionRejectionReason,
} from '../../__generated__/resolvers-types.js';

const REASONS: ReadonlySet<string> = new Set<ChequeActionRejectionReason>([
  'UNKNOWN_CHEQUE',
  'ALREADY_ISSUED',
  'WRONG_STATE',
  'NOT_A_PARTY',
  'INVALID_PARTY',
  'INVALID_INPUT',
  'CONSENT_REFUSED',
  'CONSENT_REQUIRED',
  'NOT_APPLIED',
  'REJECTED',
]);

const reasonOf = (code: string | undefined): ChequeActionRejectionReason =>
  code !== undefined && REASONS.has(code) ? (code as ChequeActionRejectionReason) : 'REJECTED';

export const ChequeActionCompleted: ChequeActionCompletedResolvers = {
  action: ({ job }) => job,
  cheque: ({ job }) => ({ sayadId: job.input.order.sayadId }),
};

export const ChequeActionPending: ChequeActionPendingResolvers = {
  action: ({ job }) => job,
};

export const ChequeActionRejected: ChequeActionRejectedResolvers = {
  message: ({ job }) => job.failure?.message ?? 'The Sayad system refused the action.',
  code: ({ job }) => reasonOf(job.failure?.code),
  reason: ({ job }) => reasonOf(job.failure?.code),
  action: ({ job }) => job,
};
