/** What an upstream error says about an action: refused (never applied) or unclear. */
import { GraphQLError } from 'graphql';
import { ErrorCode, UpstreamError } from '../../errors.js';
import type { JobFailure } from './port.js';

/**
 * The common part of every action's `refusalOf`: the upstream refused the request (400, classified by
 * `refused`) or the token, the call never left this process (its upstream group's breaker was open, or
 * it was never handed to a connection), or the consent failed before anything was sent.
 */
export function refusalFrom(
  error: unknown,
  noun: string,
  refused: (error: UpstreamError) => JobFailure,
): JobFailure | null {
  if (error instanceof UpstreamError) {
    // Never sent, so never applied: a definite outcome, not an unclear one.
    if (error.details.notSent) return notSent(noun);
    const status = error.details.httpStatus;
    if (status === 400) return refused(error);
    if (status === 401 || status === 403) {
      return {
        code: 'CONSENT_REFUSED',
        message: `The upstream refused the token for this ${noun}, which was not applied; if the consent still stands, send it again under a new idempotency key.`,
      };
    }
    return null;
  }
  const code = error instanceof GraphQLError ? error.extensions['code'] : undefined;
  if (code === ErrorCode.ConsentRequired || code === ErrorCode.Forbidden || code === ErrorCode.Unauthenticated) {
    return { code: 'CONSENT_REQUIRED', message: `The consent no longer covers this ${noun}; nothing was sent.` };
  }
  return null;
}

/** The failure of an action that never left this process: known not applied. */
export function notSent(noun: string): JobFailure {
  return {
    code: 'NOT_APPLIED',
    message: `The ${noun} was never sent (the upstream is failing or could not be reached), so it was not applied.`,
  };
}

/** A refusal's failure by the first pattern its message matches: `[pattern, code, message]` rows. */
export type RefusalTable = ReadonlyArray<readonly [RegExp, string, string]>;

export function refusalIn(table: RefusalTable, text: string): JobFailure | null {
  const known = table.find(([pattern]) => pattern.test(text));
  return known ? { code: known[1], message: known[2] } : null;
}

/**
 * The upstream refused the trackId as used before (the sandbox's designed answer, recorded in the
 * catalog: 400 `VALIDATION_ERROR` "duplicate trackId"): the action reached the upstream earlier.
 */
export function isDuplicateTrackId(error: unknown): boolean {
  return (
    error instanceof UpstreamError &&
    error.details.httpStatus === 400 &&
    /duplicate trackId/i.test(error.details.upstreamMessage ?? '')
  );
}
