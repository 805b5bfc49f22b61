import type { InquiryConsentResolvers } from '../../__generated__/resolvers-types.js';
import { accountByNumber } from '../shared/accountByNumber.js';
import { isoInstant } from '../shared/persianDate.js';

export const InquiryConsent: InquiryConsentResolvers = {
  person: (consent) => ({ nationalId: consent.nationalId }),
  scopes: (consent) => [...consent.scopes],
  accountNumbers: (consent) => (consent.accounts ? [...consent.accounts] : null),
  accounts: async (consent, _args, context) => {
    const { accounts, bank } = consent;
    if (!accounts || bank === null) return null;
    const found = await Promise.all(accounts.map((number) => accountByNumber(bank, number, context)));
    return found.filter((account) => account !== null);
  },
  expiresAt: (consent) => isoInstant(consent.expiresAt),
  grantedAt: (consent) => isoInstant(consent.grantedAt),
};
