import type { ChequeStatusReportResolvers } from '../../__generated__/resolvers-types.js';
import { chequeStatus } from './codes.js';

export const ChequeStatusReport: ChequeStatusReportResolvers = {
  status: (report) => chequeStatus(report.status),
  statusCode: (report) => report.status,
};
