import type { ChequeDrawerReportResolvers } from '../../__generated__/resolvers-types.js';
import { chequeFields } from './chequeFields.js';

export const ChequeDrawerReport: ChequeDrawerReportResolvers = { ...chequeFields };
