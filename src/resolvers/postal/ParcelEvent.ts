import type { ParcelEventResolvers } from '../../__generated__/resolvers-types.js';
import { persianDateTime } from '../shared/persianDate.js';

export const ParcelEvent: ParcelEventResolvers = {
  at: (event) => persianDateTime(event.at),
};
