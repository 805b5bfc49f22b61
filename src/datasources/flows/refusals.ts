/** What an upstream error says about an action: refused (never applied) or unclear. */
import { GraphQLError } from 'graphql';
import { ErrorCode, UpstreamError } from '../../errors.js';
import type { ActionInput, JobFailure, JobRecord } from './port.js';

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

/**
 * How long after its claim an action never marked as handed over for sending counts as abandoned: its
 * sender stopped before sending (the process died, or the store failed between the claim and the send).
 * A live sender marks it within its operation's time budget, and loses to the abandonment if it comes
 * later: the mark and the abandonment are both stored only over the claim as read.
 */
export const ABANDONED_AFTER_MS = 60_000;

/** The `abandoned` of an action's job kind: claimed, never handed over, and its sender's time is up. */
export function abandonedAction(
  noun: string,
): (job: JobRecord<string, ActionInput<unknown>>, now: number) => JobFailure | null {
  return (job, now) =>
    job.input.dispatchedAt === null && now - job.input.claimedAt >= ABANDONED_AFTER_MS ? notSent(noun) : null;
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
