import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { capMessage, ErrorCode, quoteValue, QUOTED_VALUE_MAX } from './errors.js';
import { formatRefusal, tokenRefusalOf } from './limits/operationLimits.js';
import { isOperationLimitError } from './limits/refusal.js';
import type { Logger } from './logger.js';

/** A GraphQL name of at most this length is quoted whole: it is a type, field or argument, not a value. */
const NAME_QUOTE_MAX = 64;
const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
/** A double-quoted string as graphql-js writes values into its messages (JSON escapes). */
const QUOTED = /"((?:[^"\\]|\\.)*)"/g;

/**
 * graphql-js quotes the caller's values whole (`Variable "$x" got invalid value "…10 KB…"`): every
 * quoted text longer than a short prefix is cut to it, except GraphQL names of a sane length.
 */
export function shortenQuotedValues(message: string): string {
  const shortened = message.replace(QUOTED, (whole, inner: string) => {
    if (inner.length <= QUOTED_VALUE_MAX || (inner.length <= NAME_QUOTE_MAX && GRAPHQL_NAME.test(inner))) return whole;
    let text: string;
    try {
      text = JSON.parse(whole) as string;
    } catch {
      text = inner;
    }
    return quoteValue(text);
  });
  return capMessage(shortened);
}

const codeOf = (error: unknown): string | undefined =>
  error instanceof GraphQLError && typeof error.extensions['code'] === 'string' ? error.extensions['code'] : undefined;

/**
 * Whether an error is one we (or Apollo, before execution) raised on purpose: it carries a code, or
 * Apollo gave a code to the request error graphql-js built around it (a variable that does not coerce).
 * graphql-js raises code-less GraphQLErrors for its own failures during execution (an abstract type
 * that resolves to no object type, a value its scalar cannot serialise); those are internal.
 */
function isDeliberate(cause: unknown, outer: unknown): cause is GraphQLError {
  if (!(cause instanceof GraphQLError)) return false;
  if (codeOf(cause) !== undefined) return true;
  const outerCode = codeOf(outer);
  return outer !== cause && outerCode !== undefined && outerCode !== ErrorCode.Internal;
}

/**
 * Shapes every error before it leaves the process: errors we raised keep their message (long quoted
 * values cut short) and extensions (never a stack trace); anything unexpected is logged and replaced by
 * a generic INTERNAL_SERVER_ERROR, so internals, upstream bodies and secrets never reach a caller.
 */
export function createErrorFormatter(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const unwrapped = unwrapResolverError(error);
    // Apollo wraps some failures (context creation) in a GraphQLError without a path: look inside.
    const cause = unwrapped instanceof GraphQLError && unwrapped.originalError ? unwrapped.originalError : unwrapped;
    // A limit's refusal keeps its own code and extensions (Apollo files validation ones under
    // GRAPHQL_VALIDATION_FAILED, the parser's token bound under GRAPHQL_PARSE_FAILED).
    const refusal = isOperationLimitError(cause)
      ? cause
      : unwrapped instanceof GraphQLError
        ? tokenRefusalOf(unwrapped, false)
        : null;
    if (refusal)
      return {
        ...formatRefusal(refusal),
        ...(formatted.locations && { locations: formatted.locations }),
        ...(formatted.path && { path: formatted.path }),
      };
    if (isDeliberate(cause, unwrapped)) {
      const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, message: shortenQuotedValues(formatted.message), extensions };
    }
    logger.error({ err: cause, path: formatted.path }, 'unexpected error');
    return {
      message: 'Internal server error',
      ...(formatted.locations && { locations: formatted.locations }),
      ...(formatted.path && { path: formatted.path }),
      extensions: { code: ErrorCode.Internal },
    };
  };
}
