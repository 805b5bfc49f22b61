import type { CivilIdentityResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

export const CivilIdentity: CivilIdentityResolvers = {
  birthDate: (identity) => persianDate(identity.birthDate),
};
