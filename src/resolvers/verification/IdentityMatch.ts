import type { IdentityMatchResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

export const IdentityMatch: IdentityMatchResolvers = {
  birthDate: (match) => persianDate(match.birthDate),
};
