import type { ShahabResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';

export const Shahab: ShahabResolvers = {
  birthDate: (shahab) => persianDate(shahab.birthDate),
};
