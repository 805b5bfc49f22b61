import type { TrafficOffenseResolvers } from '../../__generated__/resolvers-types.js';
import { persianDateTime } from '../shared/persianDate.js';

export const TrafficOffense: TrafficOffenseResolvers = {
  occurredAt: (offense) => persianDateTime(offense.occurredAt),
  // The image is a separate upstream call: made only when asked, and only for offenses that have one.
  image: (offense, _args, { dataSources }) =>
    offense.hasImage ? dataSources.vehicles.getOffenseImage(offense.id) : null,
};
