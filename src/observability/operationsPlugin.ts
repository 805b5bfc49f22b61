import type { ApolloServerPlugin } from '@apollo/server';
import { graphqlDuration, graphqlOperations } from './metrics.js';
import { describeRequestSpan, markRequestErrors } from './tracing.js';

/**
 * Counts and times every GraphQL operation answered over HTTP, and names its trace span. An operation
 * refused before its type is known (unparsable, invalid) counts as `unknown`.
 */
export function operationsPlugin<TContext extends object>(): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      const started = performance.now();
      let type = 'unknown';
      return {
        async didResolveOperation({ operation, operationName }) {
          type = operation?.operation ?? 'unknown';
          describeRequestSpan(type, operationName ?? null);
        },
        async willSendResponse({ response }) {
          const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
          graphqlOperations.inc({ type, outcome: errors.length > 0 ? 'error' : 'ok' });
          graphqlDuration.observe({ type }, (performance.now() - started) / 1000);
          markRequestErrors(
            errors.map(({ extensions }) =>
              typeof extensions?.['code'] === 'string' ? extensions['code'] : 'INTERNAL_SERVER_ERROR',
            ),
          );
        },
      };
    },
  };
}
