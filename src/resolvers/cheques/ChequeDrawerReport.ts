import type { ChequeDrawerReportResolvers } from '../../__generated__/resolvers-types.js';
import { chequeFields } from './chequeFields.js';

export const ChequeDrawerReport: ChequeDrawerReportResolvers = {
  ...chequeFields,
  bank: (report) => (report.bankCode ? { code: report.bankCode } : null),
  currencyCode: (report) => report.currency,
  blockStatusCode: (report) => report.blockStatus,
  guaranteeStatusCode: (report) => report.guaranteeStatus,
};
