/**
 * The Apollo Server plugin of subscriptions over HTTP: one sent by a router in callback mode (with
 * `extensions.subscription`) is checked with the router, started in the background and answered
 * `{"data": null}`; any other subscription over HTTP is refused with a clear 400. The request has been
 * through everything a query goes through first (router secret, CSRF prevention, parsing, validation,
 * operation limits and cost, rate limit).
 */
import { HeaderMap, type ApolloServerPlugin, type GraphQLResponse } from '@apollo/server';
import { GraphQLError, subscribe, type ExecutionResult, type FormattedExecutionResult } from 'graphql';
import type { CallbackSubscriptions, CallbackSource } from './callback.js';
import { asksForCallback, type CallbackRequest } from './callbackRequest.js';

export interface CallbackPluginOptions<TContext> {
  readonly callbacks: CallbackSubscriptions;
  /**
   * The context a subscription runs in for its whole life: the request's caller and consent, with a signal
   * of its own (the request's ends when its answer is sent).
   */
  readonly contextFor: (requestContext: TContext, signal: AbortSignal) => TContext;
  /** Shapes each event and error as they may leave the process. */
  readonly format: (result: ExecutionResult) => FormattedExecutionResult;
}

const BAD_REQUEST = 'BAD_REQUEST';

export function callbackSubscriptionsPlugin<TContext extends object>(
  options: CallbackPluginOptions<TContext>,
): ApolloServerPlugin<TContext> {
  const { callbacks, contextFor, format } = options;
  return {
    async requestDidStart({ request }) {
      let callback: CallbackRequest | null = null;
      return {
        // Called also when no operation could be chosen (an unknown operationName): nothing to do then.
        async didResolveOperation({ operation }) {
          if (operation?.operation !== 'subscription') return;
          if (!asksForCallback(request.extensions)) {
            throw new GraphQLError(
              'Subscriptions are served over WebSocket (graphql-ws protocol) at /graphql or /ws; over HTTP POST only in the Apollo Router callback mode (extensions.subscription).',
              { extensions: { code: BAD_REQUEST, http: { status: 400 } } },
            );
          }
          callback = callbacks.read(request.extensions?.['subscription']);
        },
        async responseForOperation({ schema, document, operationName, contextValue }) {
          if (!callback) return null;
          const checked = await callbacks.check(callback);
          if (checked !== 'delivered') return checkRefused(checked === 'unreachable', format);
          const abort = new AbortController();
          const source = await subscribeTo({
            schema,
            document,
            operationName,
            variableValues: request.variables,
            contextValue: contextFor(contextValue, abort.signal),
          });
          callbacks.start({ request: callback, source, format, onStop: () => abort.abort() });
          return {
            http: { status: 200, headers: new HeaderMap([['content-type', 'application/json; charset=utf-8']]) },
            body: { kind: 'single', singleResult: { data: null } },
          };
        },
      };
    },
    async serverWillStart() {
      return { drainServer: () => callbacks.close() };
    },
  };
}

/** The event stream, or the errors that kept the subscription from starting. */
async function subscribeTo(args: Parameters<typeof subscribe>[0]): Promise<CallbackSource> {
  try {
    const result = await subscribe(args);
    if (isStream(result)) return result;
    return result.errors ?? [new GraphQLError('The subscription did not start.')];
  } catch (error) {
    return [
      error instanceof GraphQLError
        ? error
        : new GraphQLError('Internal server error', { originalError: error as Error }),
    ];
  }
}

function isStream(
  result: ExecutionResult | AsyncGenerator<ExecutionResult, void, void>,
): result is AsyncGenerator<ExecutionResult, void, void> {
  return Symbol.asyncIterator in result;
}

/** The protocol's answer when the router did not confirm the subscription: a 4xx, and no subscription. */
function checkRefused(unreachable: boolean, format: CallbackPluginOptions<unknown>['format']): GraphQLResponse {
  const message = unreachable
    ? 'The callback URL did not answer the subscription check; the subscription was not started.'
    : 'The callback URL refused the subscription check (wrong id or verifier?); the subscription was not started.';
  const formatted = format({ errors: [new GraphQLError(message, { extensions: { code: BAD_REQUEST } })] });
  return {
    http: { status: 400, headers: new HeaderMap([['content-type', 'application/json; charset=utf-8']]) },
    body: { kind: 'single', singleResult: { data: null, ...formatted } },
  };
}
