import type { ConsentGrantedResolvers } from '../../__generated__/resolvers-types.js';
import { isoInstant } from '../shared/persianDate.js';
import { GRANT_NAME } from './models.js';

export const ConsentGranted: ConsentGrantedResolvers = {
  handle: (granted) => granted.handle,
  nationalId: (granted) => granted.consent.nationalId,
  grant: (granted) => GRANT_NAME[granted.consent.grant],
  scopes: (granted) => [...granted.consent.scopes],
  expiresAt: (granted) => isoInstant(granted.consent.expiresAt),
};
