import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ErrorCode } from './errors.js';
import { formatRefusal, tokenRefusalOf } from './limits/operationLimits.js';
import { isOperationLimitError } from './limits/refusal.js';
import type { Logger } from './logger.js';

/**
 * Shapes every error before it leaves the process: errors we raised keep their message and
 * extensions (never a stack trace); anything unexpected is logged and replaced by a generic
 * INTERNAL_SERVER_ERROR, so internals, upstream bodies and secrets never reach a caller.
 */
export function createErrorFormatter(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const unwrapped = unwrapResolverError(error);
    // Apollo wraps some failures (context creation) in a GraphQLError without a path: look inside.
    const cause = unwrapped instanceof GraphQLError && unwrapped.originalError ? unwrapped.originalError : unwrapped;
    // A limit's refusal keeps its own code and extensions (Apollo files validation ones under
    // GRAPHQL_VALIDATION_FAILED, the parser's token bound under GRAPHQL_PARSE_FAILED).
    const refusal = isOperationLimitError(cause) ? cause : unwrapped instanceof GraphQLError ? tokenRefusalOf(unwrapped, false) : null;
    if (refusal) return { ...formatRefusal(refusal), ...(formatted.locations && { locations: formatted.locations }), ...(formatted.path && { path: formatted.path }) };
    if (cause instanceof GraphQLError) {
      const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, extensions };
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
