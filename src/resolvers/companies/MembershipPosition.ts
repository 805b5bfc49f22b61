import type { MembershipPositionResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

export const MembershipPosition: MembershipPositionResolvers = {
  newspaperDate: (position) => persianDate(position.newspaperDate),
};
