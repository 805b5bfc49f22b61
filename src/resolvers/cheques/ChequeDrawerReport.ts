import type { ChequeDrawerReportResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate, persianDateTimeOfCompact } from '../shared/persianDate.js';
import { chequeAccount, chequeMedia, chequeStatus, chequeType } from './codes.js';

export const ChequeDrawerReport: ChequeDrawerReportResolvers = {
  status: (report) => chequeStatus(report.status),
  statusCode: (report) => report.status,
  type: (report) => chequeType(report.type),
  media: (report) => chequeMedia(report.media),
  dueDate: (report) => persianDate(report.dueDate),
  issuedAt: (report) => persianDateTimeOfCompact(report.issuedAt),
  drawerAccount: (report) => chequeAccount(report.fromIban),
};
