/** The transaction credit inquiry in three steps: start (a code is texted), verify with the code, the report. */
import type {
  MutationResolvers,
  QueryResolvers,
  TransactionCreditInquiryVerifiedResolvers,
} from '../../__generated__/resolvers-types.js';
import { parseOtp } from '../../consent/validation.js';
import { BadUserInputError } from '../../errors.js';
import { isValidNationalId, parseMobile, parseNationalId } from '../../validation/identifiers.js';
import type { SealedIds } from '../../lib/sealedIds.js';
import { isoInstant } from '../shared/persianDate.js';

/** How long the upstream accepts a texted code (wire facts §5: SMS codes live 3 minutes). */
const CODE_LIFETIME_MS = 3 * 60_000;

/**
 * A challenge's checkId carries what step 2 needs, the person's national id (the upstream verifies a
 * code by national id, not by the first call), and the trackId of the call that texted the code; it is
 * signed, so nobody can spend another person's pending code by naming their national id.
 */
const checkIdOf = (checkIds: SealedIds, nationalId: string, trackId: string): string =>
  checkIds.seal(`${nationalId}:${trackId}`);

/** The national id a checkId names. */
function nationalIdOfCheck(checkIds: SealedIds, value: string, argumentPath: string): string {
  const match = /^(\d{10}):[A-Za-z0-9-]{1,40}$/.exec(checkIds.open(value) ?? '');
  if (!match?.[1] || !isValidNationalId(match[1]))
    throw new BadUserInputError(argumentPath, 'expected the checkId of a transaction credit challenge');
  return match[1];
}

/** An inquiry id as verification gave it. */
function parseInquiryId(value: string, argumentPath: string): string {
  const id = value.trim();
  if (!/^[A-Za-z0-9-]{1,40}$/.test(id))
    throw new BadUserInputError(argumentPath, 'expected the inquiryId of a verified transaction credit inquiry');
  return id;
}

const REFUSAL_MESSAGES = {
  INVALID_OTP: 'The code is wrong.',
  OTP_EXPIRED: 'The code has expired; start a new inquiry.',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes; start a new inquiry.',
  NO_PENDING_CODE: 'No code is waiting for this person; start a new inquiry.',
} as const;

export const Mutation: MutationResolvers = {
  startTransactionCreditInquiry: async (_parent, { input }, { dataSources, smsThrottle, checkIds, clock }) => {
    const nationalId = parseNationalId(input.nationalId, 'input.nationalId');
    const mobile = parseMobile(input.mobile, 'input.mobile');
    await smsThrottle.admit({ nationalId, mobile });
    const trackId = await dataSources.credit.sendTransactionCreditCode(nationalId, mobile);
    return { checkId: checkIdOf(checkIds, nationalId, trackId), expiresAt: isoInstant(clock.now() + CODE_LIFETIME_MS) };
  },
  verifyTransactionCreditInquiry: async (_parent, { input }, { dataSources, checkIds }) => {
    const otp = parseOtp(input.otp, 'input.otp');
    const nationalId = nationalIdOfCheck(checkIds, input.checkId, 'input.checkId');
    const outcome = await dataSources.credit.verifyTransactionCreditCode(nationalId, otp);
    if (outcome.kind === 'verified')
      return { __typename: 'TransactionCreditInquiryVerified', inquiryId: outcome.inquiryId };
    const { reason, attemptsLeft } = outcome;
    const more = reason === 'INVALID_OTP' && attemptsLeft !== null && attemptsLeft > 0;
    return {
      __typename: 'TransactionCreditCodeRejected',
      reason,
      code: reason,
      attemptsLeft,
      message: more
        ? `${REFUSAL_MESSAGES.INVALID_OTP} ${attemptsLeft} more ${attemptsLeft === 1 ? 'try' : 'tries'} with this code.`
        : reason === 'INVALID_OTP'
          ? `${REFUSAL_MESSAGES.INVALID_OTP} Start a new inquiry if it keeps being refused.`
          : REFUSAL_MESSAGES[reason],
    };
  },
};

export const Query: QueryResolvers = {
  transactionCreditReport: (_parent, args, { dataSources }) =>
    dataSources.credit.getTransactionCreditReport(parseInquiryId(args.inquiryId, 'inquiryId')),
};

export const TransactionCreditInquiryVerified: TransactionCreditInquiryVerifiedResolvers = {
  report: (parent, _args, { dataSources }) => dataSources.credit.getTransactionCreditReport(parent.inquiryId),
};
