import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { consentUnauthenticated } from '../../errors.js';
import { parseScopes } from '../../consent/scopes.js';
import { parseConsentId, parseOtp, parseRedirectValue } from '../../consent/validation.js';
import { parseBankCode } from '../../validation/accounts.js';
import { parseMobile, parseNationalId } from '../../validation/identifiers.js';
import { isoInstant } from '../shared/persianDate.js';
import { codeCompletion, rejection, smsCompletion } from './outcomes.js';

export const Mutation: MutationResolvers = {
  startSmsConsent: async (_parent, { input }, { consents, smsThrottle }) => {
    const request = {
      nationalId: parseNationalId(input.nationalId, 'input.nationalId'),
      mobile: parseMobile(input.mobile, 'input.mobile'),
      scopes: parseScopes(input.scopes, 'authorization_sms', 'input.scopes'),
    };
    await smsThrottle.admit(request);
    const outcome = await consents.startSms(request);
    if (outcome.kind === 'refused') return rejection.refused(outcome.upstreamCode);
    return {
      __typename: 'SmsConsentChallenge',
      consentId: outcome.consentId,
      mobile: outcome.mobile,
      expiresAt: isoInstant(outcome.expiresAt),
    };
  },

  completeSmsConsent: async (_parent, { input }, { consents }) =>
    smsCompletion(
      await consents.completeSms({
        consentId: parseConsentId(input.consentId, 'input.consentId'),
        otp: parseOtp(input.otp, 'input.otp'),
      }),
    ),

  startCodeConsent: async (_parent, { input }, { consents }) => {
    const challenge = await consents.startCode({
      nationalId: parseNationalId(input.nationalId, 'input.nationalId'),
      bank: parseBankCode(input.bank, 'input.bank'),
      scopes: parseScopes(input.scopes, 'authorization_code', 'input.scopes'),
    });
    return {
      __typename: 'CodeConsentChallenge',
      consentId: challenge.consentId,
      authorizeUrl: challenge.authorizeUrl,
      state: challenge.state,
      expiresAt: isoInstant(challenge.expiresAt),
    };
  },

  completeCodeConsent: async (_parent, { input }, { consents }) =>
    codeCompletion(
      await consents.completeCode({
        consentId: parseConsentId(input.consentId, 'input.consentId'),
        code: parseRedirectValue(input.code, 'input.code'),
        state:
          input.state === undefined || input.state === null ? null : parseRedirectValue(input.state, 'input.state'),
      }),
    ),

  revokeConsent: async (_parent, _args, { consent }) => {
    if (!consent)
      throw consentUnauthenticated('Present the handle of the consent to revoke (header x-consent-handle).');
    const revoked = await consent.revoke();
    return { nationalId: revoked.nationalId, scopes: [...revoked.scopes] };
  },
};
