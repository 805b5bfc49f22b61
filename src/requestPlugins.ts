/** Apollo Server plugins that give requests refused before execution a clear answer and a code. */
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';

const BAD_REQUEST = 'BAD_REQUEST';

/**
 * A subscription posted over HTTP is refused before it runs with a clear 400: Apollo Server would
 * execute it as a query, whose subscription field has no event to resolve and fails with an
 * internal error. Subscriptions are served over WebSocket (graphql-ws) on the same paths; with callback
 * hosts configured, `src/subscriptions/callbackPlugin.ts` takes this one's place and serves the Apollo
 * Router's callback mode too.
 */
export const refuseSubscriptionsOverHttp: ApolloServerPlugin = {
  async requestDidStart({ request }) {
    // A router in callback mode is told that mode is off here, rather than left to guess.
    const callbackMode = request.extensions?.['subscription'] !== undefined;
    return {
      // Called also when no operation could be chosen (an unknown operationName): nothing to refuse then.
      async didResolveOperation({ operation }) {
        if (operation?.operation !== 'subscription') return;
        throw new GraphQLError(
          'Subscriptions are served over WebSocket (graphql-ws protocol) at /graphql or /ws, not over HTTP POST.' +
            (callbackMode ? ' HTTP callback subscriptions are not enabled on this subgraph.' : ''),
          {
            extensions: { code: BAD_REQUEST, http: { status: 400 } },
          },
        );
      },
    };
  },
};

/**
 * Apollo Server refuses some requests with a code-less error and an HTTP 400 (an automatic persisted
 * query whose hash does not match its text); without a code the error formatter would take it for an
 * internal failure. Such an error gets BAD_REQUEST, the code Apollo gives the other malformed requests.
 */
export const codeRequestErrors: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors }) {
        for (const error of errors) {
          if (!(error instanceof GraphQLError) || error.extensions['code'] !== undefined || error.path !== undefined)
            continue;
          const http = error.extensions['http'];
          const status = typeof http === 'object' && http !== null ? (http as { status?: unknown }).status : undefined;
          if (typeof status === 'number' && status >= 400 && status < 500) error.extensions['code'] = BAD_REQUEST;
        }
      },
    };
  },
};
