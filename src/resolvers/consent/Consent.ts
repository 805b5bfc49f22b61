import type { ConsentResolvers } from '../../__generated__/resolvers-types.js';
import { isoInstant } from '../shared/persianDate.js';
import { GRANT_NAME } from './models.js';

export const Consent: ConsentResolvers = {
  grant: (consent) => GRANT_NAME[consent.grant],
  scopes: (consent) => [...consent.scopes],
  expiresAt: (consent) => isoInstant(consent.expiresAt),
  grantedAt: (consent) => isoInstant(consent.grantedAt),
};
