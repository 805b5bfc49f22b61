import type { KnowledgeBasedStandingResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

export const KnowledgeBasedStanding: KnowledgeBasedStandingResolvers = {
  confirmedOn: (standing) => persianDate(standing.confirmedOn),
};
