import type { GazetteSignatureVerificationResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

export const GazetteSignatureVerification: GazetteSignatureVerificationResolvers = {
  noticePublishedOn: (verification) => persianDate(verification.noticePublishedOn),
};
