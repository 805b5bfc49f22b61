import type { CompleteCodeOutcome, CompleteSmsOutcome } from '../../consent/service.js';

/** The rejections the consent mutations return as data; every one implements UserError. */
export const rejection = {
  expired: () => ({
    __typename: 'ConsentExpired' as const,
    code: 'CONSENT_EXPIRED',
    message:
      'The consent is no longer pending: its code expired, it was already completed, or the id is unknown. Start a new consent.',
  }),
  refused: (upstreamCode: string | null) => ({
    __typename: 'ConsentRefused' as const,
    code: 'CONSENT_REFUSED',
    message: 'The upstream refused the consent.',
    upstreamCode,
  }),
  invalidOtp: (attemptsLeft: number) => ({
    __typename: 'InvalidOtp' as const,
    code: 'INVALID_OTP',
    message:
      attemptsLeft > 0
        ? 'The code is not the one sent to the mobile; try again.'
        : 'The code is not the one sent to the mobile, and no attempts are left: start a new consent.',
    attemptsLeft,
  }),
  invalidCode: () => ({
    __typename: 'InvalidAuthorizationCode' as const,
    code: 'INVALID_CODE',
    message:
      'The upstream did not accept the authorization code (wrong, already used or expired). Start a new consent.',
  }),
};

type Shared = Exclude<CompleteSmsOutcome, { kind: 'invalidOtp' }>;

function shared(outcome: Shared) {
  switch (outcome.kind) {
    case 'granted':
      return { __typename: 'ConsentGranted' as const, handle: outcome.handle, consent: outcome.consent };
    case 'expired':
      return rejection.expired();
    case 'refused':
      return rejection.refused(outcome.upstreamCode);
  }
}

/** The result of completing an SMS consent, as the GraphQL union member it is. */
export const smsCompletion = (outcome: CompleteSmsOutcome) =>
  outcome.kind === 'invalidOtp' ? rejection.invalidOtp(outcome.attemptsLeft) : shared(outcome);

/** The result of completing a code consent, as the GraphQL union member it is. */
export const codeCompletion = (outcome: CompleteCodeOutcome) =>
  outcome.kind === 'invalidCode' ? rejection.invalidCode() : shared(outcome);
