import type { GazetteNoticeResolvers } from '../../__generated__/resolvers-types.js';
import { isValidLegalId, parseLegalId } from '../../validation/identifiers.js';
import { persianDate } from '../shared/persianDate.js';

export const GazetteNotice: GazetteNoticeResolvers = {
  company: (notice) =>
    isValidLegalId(notice.companyId) ? { nationalId: parseLegalId(notice.companyId, 'companyId') } : null,
  publishedOn: (notice) => persianDate(notice.publishedOn),
  newsletterDate: (notice) => persianDate(notice.newsletterDate),
};
