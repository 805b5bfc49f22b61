import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { ErrorCode } from '../errors.js';

/**
 * The caller asked too often: RATE_LIMITED with `extensions.retryAfter` in whole seconds. With `http`,
 * Apollo Server also answers HTTP 429 with a `Retry-After` header (the error is thrown before execution).
 */
export function rateLimitedError(
  retryAfterSeconds: number,
  message: string,
  options: { http?: boolean } = {},
): GraphQLError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return new GraphQLError(message, {
    extensions: {
      code: ErrorCode.RateLimited,
      retryAfter,
      ...(options.http && { http: { status: 429, headers: new HeaderMap([['retry-after', String(retryAfter)]]) } }),
    },
  });
}

/** A store the subgraph needs does not answer: SERVICE_UNAVAILABLE, and nothing was sent upstream. */
export function serviceUnavailableError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.ServiceUnavailable } });
}
