import { GraphQLError } from 'graphql';
import { ErrorCode } from '../errors.js';
import type { ConsentGrant } from './types.js';

const MUTATION_OF: Readonly<Record<ConsentGrant, string>> = {
  authorization_sms: 'startSmsConsent',
  authorization_code: 'startCodeConsent',
};

/** The caller has no consent carrying `scope` (or none at all): say which scope and grant to ask for. */
export function consentRequired(scope: string, grant: ConsentGrant): GraphQLError {
  return new GraphQLError(
    `This needs the person's consent for scope ${scope} (${grant}); start one with ${MUTATION_OF[grant]} and present its handle.`,
    { extensions: { code: ErrorCode.ConsentRequired, scope, grant } },
  );
}

/** The presented consent handle is unknown, expired, revoked, or no longer honoured by the upstream. */
export function consentUnauthenticated(
  reason = 'The consent handle is unknown or has expired; ask the person to consent again.',
): GraphQLError {
  return new GraphQLError(reason, { extensions: { code: ErrorCode.Unauthenticated } });
}

/** The consent belongs to someone else than the person the call acts for. */
export function consentForbidden(message = 'The consent was granted for another person.'): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.Forbidden } });
}
