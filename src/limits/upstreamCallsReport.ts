import type { ApolloServerPlugin } from '@apollo/server';
import type { UpstreamBudget } from './upstreamBudget.js';

/** The request header that asks for the upstream calls of an operation in the response's `extensions`. */
export const UPSTREAM_CALLS_HEADER = 'x-upstream-calls';

/**
 * On request (any value of the `x-upstream-calls` header), the response tells which upstream calls the
 * operation made, as `extensions.upstreamCalls = { total, byOperation: { <catalog id>: n } }`: what the
 * query cost upstream. A deduplicated read counts once; a retried call counts once too (its attempts are
 * in the metrics); token requests, shared by every operation, are not counted.
 */
export const reportUpstreamCalls: ApolloServerPlugin<{ readonly upstreamBudget: UpstreamBudget }> = {
  async requestDidStart({ request }) {
    if (!request.http?.headers.has(UPSTREAM_CALLS_HEADER)) return;
    return {
      async willSendResponse({ response, contextValue }) {
        if (response.body.kind !== 'single') return;
        const budget = contextValue.upstreamBudget;
        response.body.singleResult.extensions = {
          ...response.body.singleResult.extensions,
          upstreamCalls: { total: budget.used, byOperation: budget.calls },
        };
      },
    };
  },
};
