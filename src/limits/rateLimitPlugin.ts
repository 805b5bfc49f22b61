import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type GraphQLError, type OperationDefinitionNode } from 'graphql';
import { limitsHit } from '../observability/metrics.js';
import type { Caller } from './callerIdentity.js';
import { rateLimitedError } from '../errors.js';
import type { CallerRateLimiter } from './rateLimiter.js';

/** What the plugin reads from an operation's context. */
export interface RateLimitedContext {
  readonly caller: Caller;
}

const REFUSAL = 'Too many operations from this caller; retry later.';

/** The router reading the subgraph's schema (`{ _service { sdl } }`): never limited when the router secret proves it. */
function isRouterSchemaQuery(caller: Caller, operation: OperationDefinitionNode | null | undefined): boolean {
  if (!caller.viaRouter || operation?.operation !== 'query') return false;
  const names = operation.selectionSet.selections.map((selection) =>
    selection.kind === Kind.FIELD ? selection.name.value : null,
  );
  return names.includes('_service') && names.every((name) => name === '_service' || name === '__typename');
}

/**
 * Takes one operation from `caller`'s allowance: null when admitted, else the RATE_LIMITED error to
 * answer with (`http`: with HTTP 429 and Retry-After).
 */
export function rateLimitRefusal(
  limiter: CallerRateLimiter,
  caller: Caller,
  options: { http?: boolean } = {},
): GraphQLError | null {
  const wait = limiter.take(caller.id);
  if (wait === null) return null;
  limitsHit.inc({ limit: 'rate' });
  return rateLimitedError(wait, REFUSAL, options);
}

/**
 * Admits an operation over HTTP if its caller has allowance left; else RATE_LIMITED, HTTP 429 and
 * Retry-After, before execution. Every request with a document counts, also one that then fails to
 * parse or validate, so a flood of bad documents drains the allowance too.
 */
export function rateLimitPlugin<TContext extends RateLimitedContext>(
  limiter: CallerRateLimiter,
): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart({ contextValue }) {
      let wait: number | null = null;
      return {
        async didResolveSource() {
          wait = limiter.take(contextValue.caller.id);
        },
        async didResolveOperation({ operation }) {
          if (wait === null || isRouterSchemaQuery(contextValue.caller, operation)) return;
          limitsHit.inc({ limit: 'rate' });
          throw rateLimitedError(wait, REFUSAL, { http: true });
        },
      };
    },
  };
}
