/**
 * The gateway's transport for subscriptions to our subgraph: graphql-ws, one lazy connection per
 * consent handle, with the router secret and the consent handle in connectionParams (what our subgraph
 * reads; src/server.ts). Unlike the stock `@graphql-mesh/transport-ws`, a connection our subgraph
 * refuses (4403: no or wrong router secret) fails the subscription at once with an error, instead of
 * being retried for half a minute while the client waits.
 */
import { print, type DocumentNode } from 'graphql';
import { CloseCode, createClient, type Client, type FormattedExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';

/** What the gateway hands a subgraph executor (the part used here). */
export interface SubgraphExecutionRequest {
  readonly document: DocumentNode;
  readonly variables?: Record<string, unknown>;
  readonly operationName?: string;
  /** The gateway's context: its `headers` are the client's, with a WebSocket client's connectionParams. */
  readonly context?: { readonly headers?: Readonly<Record<string, unknown>> };
}

/** What the gateway hands a transport (the part used here). */
interface TransportPayload {
  readonly transportEntry: { readonly location?: string };
}

export interface SubscriptionTransport {
  /** The transport, for the gateway's `transports` under the kind the subgraph's entry names. */
  readonly transport: {
    getSubgraphExecutor(
      payload: TransportPayload,
    ): (request: SubgraphExecutionRequest) => AsyncIterable<FormattedExecutionResult>;
  };
  /** Closes every open connection. */
  dispose(): Promise<void>;
}

const isCloseEvent = (value: unknown): value is { code: number; reason: string } =>
  typeof value === 'object' && value !== null && 'code' in value && 'reason' in value;

/** The error a failed subscription ends with, as a GraphQL result. */
function failure(error: unknown): FormattedExecutionResult {
  // Errors the subgraph answered with (graphql-ws `error` message): passed on as they are, codes kept.
  if (Array.isArray(error)) return { errors: error as FormattedExecutionResult['errors'] };
  const message = isCloseEvent(error)
    ? error.code === CloseCode.Forbidden
      ? 'The subgraph refused the gateway: missing or wrong router secret.'
      : `The subgraph closed the connection (${error.code} ${error.reason}).`
    : `The subscription to the subgraph failed: ${error instanceof Error ? error.message : String(error)}`;
  const code = isCloseEvent(error) && error.code === CloseCode.Forbidden ? 'UNAUTHENTICATED' : 'SERVICE_UNAVAILABLE';
  return { errors: [{ message, extensions: { code } }] };
}

export function createSubscriptionTransport(options: {
  readonly routerSecret: string | null;
  readonly consentHandleHeader: string;
}): SubscriptionTransport {
  const clients = new Map<string, Client>();

  const clientFor = (url: string, consentHandle: string | null): Client => {
    const key = `${url} ${consentHandle ?? ''}`;
    let client = clients.get(key);
    if (!client) {
      const created = createClient({
        url,
        webSocketImpl: WebSocket,
        lazy: true,
        lazyCloseTimeout: 3_000,
        connectionParams: {
          ...(options.routerSecret && { routerSecret: options.routerSecret }),
          ...(consentHandle && { consentHandle }),
        },
        // A refusal stays a refusal; a dropped connection is worth a retry.
        shouldRetry: (error) => !(isCloseEvent(error) && error.code === CloseCode.Forbidden),
        on: { closed: () => clients.get(key) === created && clients.delete(key) },
      });
      clients.set(key, created);
      client = created;
    }
    return client;
  };

  return {
    transport: {
      getSubgraphExecutor({ transportEntry }) {
        const location = transportEntry.location;
        if (!location) throw new Error('the subscription transport needs the subgraph location');
        const url = location.replace(/^http/, 'ws');
        return async function* subscribe(request) {
          const header = request.context?.headers?.[options.consentHandleHeader];
          const client = clientFor(url, typeof header === 'string' && header.length > 0 ? header : null);
          try {
            yield* client.iterate({
              query: print(request.document),
              ...(request.variables && { variables: request.variables }),
              ...(request.operationName && { operationName: request.operationName }),
            });
          } catch (error) {
            yield failure(error);
          }
        };
      },
    },
    async dispose() {
      await Promise.all([...clients.values()].map((client) => client.dispose()));
      clients.clear();
    },
  };
}
