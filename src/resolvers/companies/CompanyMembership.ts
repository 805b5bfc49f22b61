import type { CompanyMembershipResolvers } from '../../__generated__/resolvers-types.js';

export const CompanyMembership: CompanyMembershipResolvers = {
  person: (membership) => ({ nationalId: membership.nationalId }),
};
