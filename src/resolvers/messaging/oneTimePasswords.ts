import type {
  OneTimePasswordChallengeResolvers,
  OneTimePasswordVerificationResolvers,
} from '../../__generated__/resolvers-types.js';
import { isoInstant } from '../shared/persianDate.js';

export const OneTimePasswordChallenge: OneTimePasswordChallengeResolvers = {
  expiresAt: (challenge) => isoInstant(challenge.expiresAt),
};

export const OneTimePasswordVerification: OneTimePasswordVerificationResolvers = {
  reason: (verification) => (verification.verified ? null : verification.reason),
  attemptsLeft: (verification) =>
    !verification.verified && verification.reason === 'WRONG_CODE' ? verification.attemptsLeft : null,
};
