import type { InquiryConsentResolvers } from '../../__generated__/resolvers-types.js';
import { isoInstant } from '../shared/persianDate.js';

export const InquiryConsent: InquiryConsentResolvers = {
  person: (consent) => ({ nationalId: consent.nationalId }),
  scopes: (consent) => [...consent.scopes],
  expiresAt: (consent) => isoInstant(consent.expiresAt),
  grantedAt: (consent) => isoInstant(consent.grantedAt),
};
