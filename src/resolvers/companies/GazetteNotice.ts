import type { GazetteNoticeResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

export const GazetteNotice: GazetteNoticeResolvers = {
  publishedOn: (notice) => persianDate(notice.publishedOn),
  newsletterDate: (notice) => persianDate(notice.newsletterDate),
};
