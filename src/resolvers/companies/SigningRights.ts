import type { SigningRightsResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';
import { noticeById } from './notices.js';

export const SigningRights: SigningRightsResolvers = {
  notice: (rights, _args, context) => noticeById(rights.companyId, rights.noticeId, context),
  publishedOn: (rights) => persianDate(rights.publishedOn),
  newsletterDate: (rights) => persianDate(rights.newsletterDate),
  lastNoticePublishedOn: (rights) => persianDate(rights.lastNoticePublishedOn),
};
