import type { MutationResolvers } from '../../__generated__/resolvers-types.js';
import { parseOtp } from '../../consent/validation.js';
import { BadUserInputError } from '../../errors.js';
import { parseMobile, parseNationalId } from '../../validation/identifiers.js';
import { isoInstant } from '../shared/persianDate.js';

/** How long the upstream accepts a texted code (wire facts §5: SMS codes live 3 minutes). */
const CODE_LIFETIME_MS = 3 * 60_000;

function parseCheckId(value: string, argumentPath: string): string {
  const id = value.trim();
  if (!/^[A-Za-z0-9-]{1,40}$/.test(id))
    throw new BadUserInputError(argumentPath, 'expected the checkId of a mobile ownership challenge');
  return id;
}

export const Mutation: MutationResolvers = {
  startMobileOwnershipCheck: async (_parent, { input }, { dataSources, smsThrottle, clock }) => {
    const nationalId = parseNationalId(input.nationalId, 'input.nationalId');
    const mobile = parseMobile(input.mobile, 'input.mobile');
    await smsThrottle.admit({ nationalId, mobile });
    const checkId = await dataSources.people.sendMobileOwnershipCode(nationalId, mobile);
    return { checkId, expiresAt: isoInstant(clock.now() + CODE_LIFETIME_MS) };
  },
  completeMobileOwnershipCheck: async (_parent, { input }, { dataSources }) => {
    const outcome = await dataSources.people.verifyMobileOwnershipCode(
      parseCheckId(input.checkId, 'input.checkId'),
      parseOtp(input.otp, 'input.otp'),
    );
    if (outcome.kind === 'checked') return { __typename: 'MobileOwnershipChecked', matches: outcome.matches };
    return {
      __typename: 'MobileOwnershipCodeRejected',
      code: outcome.code,
      message:
        outcome.code === 'OTP_EXPIRED'
          ? 'The code has expired; start a new check.'
          : 'The code is wrong; start a new check.',
    };
  },
};
