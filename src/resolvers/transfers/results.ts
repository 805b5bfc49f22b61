/** The members of TransferResult, each over the stored transfer it reports on. */
import type {
  TransferCompletedResolvers,
  TransferPendingResolvers,
  TransferRejectedResolvers,
  TransferRejectionReason,
} from '../../__generated__/resolvers-types.js';

const REASONS: ReadonlySet<string> = new Set<TransferRejectionReason>([
  'SAME_ACCOUNT',
  'INVALID_DESTINATION',
  'INVALID_SOURCE',
  'AMOUNT_BELOW_MINIMUM',
  'AMOUNT_ABOVE_LIMIT',
  'ACCOUNT_CONDITIONS_NOT_MET',
  'INVALID_DESTINATION_NAME',
  'CONSENT_REFUSED',
  'CONSENT_REQUIRED',
  'NOT_APPLIED',
  'REJECTED_BY_BANK',
]);

const reasonOf = (code: string | undefined): TransferRejectionReason =>
  code !== undefined && REASONS.has(code) ? (code as TransferRejectionReason) : 'REJECTED_BY_BANK';

export const TransferCompleted: TransferCompletedResolvers = {
  transfer: ({ job }) => job,
  receipt: ({ job }) => {
    if (!job.result) throw new Error(`completed transfer ${job.id} has no receipt`);
    return job.result;
  },
};

export const TransferPending: TransferPendingResolvers = {
  transfer: ({ job }) => job,
};

export const TransferRejected: TransferRejectedResolvers = {
  message: ({ job }) => job.failure?.message ?? 'The bank refused the transfer.',
  code: ({ job }) => reasonOf(job.failure?.code),
  reason: ({ job }) => reasonOf(job.failure?.code),
  transfer: ({ job }) => job,
};
