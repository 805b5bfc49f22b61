import type { ConsentGrantedResolvers } from '../../__generated__/resolvers-types.js';
import { isoInstant } from '../shared/persianDate.js';

export const ConsentGranted: ConsentGrantedResolvers = {
  handle: (granted) => granted.handle,
  nationalId: (granted) => granted.consent.nationalId,
  grant: (granted) => granted.consent.grant,
  scopes: (granted) => [...granted.consent.scopes],
  expiresAt: (granted) => isoInstant(granted.consent.expiresAt),
};
