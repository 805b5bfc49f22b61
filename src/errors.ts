import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';

/** The closed set of `extensions.code` values this subgraph ever returns. */
export const ErrorCode = {
  BadUserInput: 'BAD_USER_INPUT',
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  ConsentRequired: 'CONSENT_REQUIRED',
  NotFound: 'NOT_FOUND',
  UpstreamRejected: 'UPSTREAM_REJECTED',
  UpstreamUnavailable: 'UPSTREAM_UNAVAILABLE',
  UpstreamTimeout: 'UPSTREAM_TIMEOUT',
  /** The upstream has no such operation at its address: a 404 to the path, outside its error envelope. */
  UpstreamOperationUnknown: 'UPSTREAM_OPERATION_UNKNOWN',
  RateLimited: 'RATE_LIMITED',
  /** The operation is refused before it runs: too deep, too many aliases or tokens, too costly, too large an answer. */
  OperationLimitExceeded: 'OPERATION_LIMIT_EXCEEDED',
  /** Something the subgraph itself needs (its shared store) does not answer; nothing was sent upstream. */
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL_SERVER_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorCodes: ReadonlySet<string> = new Set(Object.values(ErrorCode));

/** How much of a caller's value an error message may quote. */
export const QUOTED_VALUE_MAX = 24;
/** The longest message an error of ours carries; a caller's value never makes it longer. */
export const MESSAGE_MAX = 300;

/**
 * A caller's value as an error message may quote it: at most the first 24 characters, then `…`, in
 * double quotes. A message never echoes a whole value: it may be huge, or carry personal data.
 */
export function quoteValue(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  const chars = [...text];
  const shown = chars.length > QUOTED_VALUE_MAX ? `${chars.slice(0, QUOTED_VALUE_MAX).join('')}…` : text;
  return JSON.stringify(shown);
}

/** `message` cut to MESSAGE_MAX characters (ending in `…` when cut). */
export function capMessage(message: string): string {
  const chars = [...message];
  return chars.length > MESSAGE_MAX ? `${chars.slice(0, MESSAGE_MAX - 1).join('')}…` : message;
}

/** Bad input from the caller: names the argument path, and is raised before any upstream call. */
export class BadUserInputError extends GraphQLError {
  constructor(argumentPath: string, message: string) {
    const path = capMessage(argumentPath);
    super(capMessage(`${path}: ${message}`), {
      extensions: { code: ErrorCode.BadUserInput, argumentPath: path },
    });
  }
}

export interface UpstreamErrorDetails {
  code: Exclude<
    ErrorCode,
    'BAD_USER_INPUT' | 'INTERNAL_SERVER_ERROR' | 'OPERATION_LIMIT_EXCEEDED' | 'SERVICE_UNAVAILABLE'
  >;
  message: string;
  operationId: string;
  /** HTTP status of the upstream answer; absent when no answer came (timeout, reset). */
  httpStatus?: number;
  /** True when the upstream's failure came inside a 2xx answer (see `UpstreamAnswer`'s `within2xx`). */
  within2xx?: boolean;
  /** The upstream's own `error.code` (e.g. `VALIDATION_ERROR`), when it sent one. */
  upstreamCode?: string;
  /** The upstream's `responseCode` (e.g. `FN-KCFH-40000530009`), when it sent one. */
  responseCode?: string;
  /**
   * The upstream's own message, for datasources to tell documented outcomes apart. It is never put in
   * a response or a log: it may carry personal data.
   */
  upstreamMessage?: string;
  trackId?: string;
  /** True when the call may have been applied upstream even though no definite answer came. */
  outcomeUnknown?: boolean;
  /**
   * True when nothing was sent: the call was refused here (its upstream group's breaker was open, its
   * time budget was spent, or its caller cancelled it while it waited), or it was never handed to a
   * connection (none could be made, or it was given up first), so the upstream cannot have acted on it.
   */
  notSent?: boolean;
}

/**
 * Every failure of an upstream call, typed. The message is ours, never the upstream body; the
 * upstream's own message is kept off the response because it may carry personal data.
 */
export class UpstreamError extends GraphQLError {
  readonly details: UpstreamErrorDetails;

  constructor(details: UpstreamErrorDetails) {
    super(details.message, {
      extensions: {
        code: details.code,
        operationId: details.operationId,
        ...(details.httpStatus !== undefined && { httpStatus: details.httpStatus }),
        ...(details.upstreamCode !== undefined && { upstreamCode: details.upstreamCode }),
        ...(details.responseCode !== undefined && { responseCode: details.responseCode }),
        ...(details.trackId !== undefined && { trackId: details.trackId }),
        ...(details.outcomeUnknown && { outcomeUnknown: true }),
      },
    });
    this.details = details;
    // Kept off serialisation (logs, JSON): the details may carry the upstream's own message.
    Object.defineProperty(this, 'details', { enumerable: false });
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}

/** The answer of `call`, or null when the upstream found no such record (HTTP 404); other failures stay failures. */
export async function nullIfNotFound<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isUpstreamError(error) && error.details.code === ErrorCode.NotFound) return null;
    throw error;
  }
}

/** Something the subgraph itself needs (its job store) does not answer: the request fails fast, nothing sent upstream. */
export class ServiceUnavailableError extends GraphQLError {
  constructor(message: string) {
    super(message, { extensions: { code: ErrorCode.ServiceUnavailable } });
  }
}

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

/** The two user grants a consent can hold (the catalog's grant names). */
export type UserGrant = 'authorization_sms' | 'authorization_code';

const MUTATION_OF: Readonly<Record<UserGrant, string>> = {
  authorization_sms: 'startSmsConsent',
  authorization_code: 'startCodeConsent',
};

/** The caller has no consent carrying `scope` (or none at all): say which scope and grant to ask for. */
export function consentRequired(scope: string, grant: UserGrant): GraphQLError {
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
