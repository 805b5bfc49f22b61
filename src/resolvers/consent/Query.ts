import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { CONSENT_SCOPES } from '../../consent/scopes.js';

export const Query: QueryResolvers = {
  consent: (_parent, _args, { consent }) => (consent ? consent.describe() : null),
  consentScopes: (_parent, { grant }) => [...CONSENT_SCOPES[grant]],
};
