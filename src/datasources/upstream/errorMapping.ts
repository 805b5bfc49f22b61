import { ErrorCode, UpstreamError, type UpstreamErrorDetails } from '../../errors.js';
import type { TransportError } from './http.js';
import type { UpstreamAnswer } from './envelope.js';

type Failure = Extract<UpstreamAnswer, { kind: 'failure' }>;

/** The upstream rejected the bearer token itself (wire facts §3.2): refresh once and try again. */
export function isTokenRejection(failure: Failure): boolean {
  if (failure.httpStatus === 401 || failure.httpStatus === 403) return true;
  if (failure.upstreamCode === 'UNAUTHORIZED') return true;
  return failure.upstreamCode === 'VALIDATION_ERROR' && /invalid token/i.test(failure.message ?? '');
}

/** Maps an upstream failure answer to the one typed error callers see. */
export function errorFromAnswer(
  operationId: string,
  failure: Failure,
  sentTrackId: string,
  retrySafe: boolean,
): UpstreamError {
  const base = {
    operationId,
    httpStatus: failure.httpStatus,
    ...(failure.within2xx && { within2xx: true }),
    ...((failure.trackId ?? sentTrackId) && { trackId: failure.trackId ?? sentTrackId }),
    ...(failure.upstreamCode && { upstreamCode: failure.upstreamCode }),
    ...(failure.responseCode && { responseCode: failure.responseCode }),
    ...(failure.message && { upstreamMessage: failure.message }),
  };
  const status = failure.httpStatus;
  const mapped = ((): Pick<UpstreamErrorDetails, 'code' | 'message' | 'outcomeUnknown'> => {
    if (status === 408) {
      return retrySafe
        ? { code: ErrorCode.UpstreamTimeout, message: 'The upstream timed out.' }
        : {
            code: ErrorCode.UpstreamTimeout,
            message: 'The upstream timed out; the outcome of the call is unknown.',
            outcomeUnknown: true,
          };
    }
    if (status === 429)
      return { code: ErrorCode.RateLimited, message: 'The upstream is limiting the rate of calls; try again later.' };
    // The upstream says a record is missing in its error envelope; a bare 404 is its web server's:
    // there is no such path (an operation it does not offer, or not at this address).
    if (status === 404 && !failure.enveloped) {
      return {
        code: ErrorCode.UpstreamOperationUnknown,
        message: 'The upstream does not offer this operation: it has no such path.',
      };
    }
    if (status === 404) return { code: ErrorCode.NotFound, message: 'The upstream found no such record.' };
    if (status === 401 || status === 403 || failure.upstreamCode === 'UNAUTHORIZED') {
      return {
        code: ErrorCode.UpstreamRejected,
        message: "The upstream refused this service's credentials for the operation.",
      };
    }
    if (status >= 500 || !failure.enveloped) {
      return { code: ErrorCode.UpstreamUnavailable, message: 'The upstream failed to answer; try again later.' };
    }
    return {
      code: ErrorCode.UpstreamRejected,
      message: `The upstream rejected the request (${failure.upstreamCode ?? `HTTP ${status}`}).`,
    };
  })();
  return new UpstreamError({ ...base, ...mapped });
}

/** Maps a call that got no answer. A lost answer to a call that changes state leaves its outcome unknown. */
/** A read given up because its caller went away or its operation ran out of time (REQUEST_TIMEOUT_MS). */
export const CANCELLED_MESSAGE =
  'The call to the upstream was cancelled: the caller went away or the operation ran out of time.';

export function errorFromTransport(
  operationId: string,
  error: TransportError,
  trackId: string,
  retrySafe: boolean,
): UpstreamError {
  const outcomeUnknown = !retrySafe && error.maybeDelivered;
  // A request never handed to a connection cannot have been acted on.
  const notSent = !error.maybeDelivered;
  if (error.kind === 'timeout') {
    return new UpstreamError({
      code: ErrorCode.UpstreamTimeout,
      message: 'The upstream did not answer in time.',
      operationId,
      ...(trackId && { trackId }),
      ...(outcomeUnknown && { outcomeUnknown }),
      ...(notSent && { notSent }),
    });
  }
  return new UpstreamError({
    code: ErrorCode.UpstreamUnavailable,
    message: error.kind === 'aborted' ? CANCELLED_MESSAGE : 'The upstream could not be reached.',
    operationId,
    trackId,
    ...(outcomeUnknown && { outcomeUnknown }),
    ...(notSent && { notSent }),
  });
}
