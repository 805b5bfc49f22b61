import type { JobResolvers } from '../../__generated__/resolvers-types.js';
import { BILL_INQUIRY } from '../../datasources/flows/billInquiry.js';
import { CHEQUE_ACTION } from '../../datasources/flows/chequeAction.js';
import { TRANSFER } from '../../datasources/flows/transfer.js';

const TYPE_OF_KIND = {
  [BILL_INQUIRY]: 'BillInquiryJob',
  [TRANSFER]: 'TransferJob',
  [CHEQUE_ACTION]: 'ChequeActionJob',
} as const;

export const Job: JobResolvers = {
  __resolveType: (job) => {
    const type = TYPE_OF_KIND[job.kind as keyof typeof TYPE_OF_KIND];
    if (!type) throw new Error(`No GraphQL type for job kind ${job.kind}`);
    return type;
  },
};
