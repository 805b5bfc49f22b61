import type { UpstreamJobResolvers } from '../../__generated__/resolvers-types.js';
import type { UpstreamJobKind } from '../../datasources/flows/index.js';

const TYPE_OF_KIND = {
  billInquiry: 'BillInquiryJob',
  transfer: 'TransferJob',
  chequeAction: 'ChequeActionJob',
  creditReport: 'CreditReportJob',
  gazetteSignature: 'GazetteSignatureJob',
  smsDelivery: 'SmsDeliveryJob',
} as const satisfies Record<UpstreamJobKind, string>;

export const UpstreamJob: UpstreamJobResolvers = {
  __resolveType: (job) => TYPE_OF_KIND[job.kind],
};
