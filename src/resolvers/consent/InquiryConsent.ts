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
    // One account the bank cannot convert (or a malformed number in the token) leaves that account out,
    // not the whole list.
    const found = await Promise.allSettled(accounts.map((number) => accountByNumber(bank, number, context)));
    return found.flatMap((outcome) =>
      outcome.status === 'fulfilled' && outcome.value !== null ? [outcome.value] : [],
    );
  },
  expiresAt: (consent) => isoInstant(consent.expiresAt),
  grantedAt: (consent) => isoInstant(consent.grantedAt),
};
