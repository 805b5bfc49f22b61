/**
 * Hive Gateway in front of the composed supergraph, as `npm run supergraph` runs it: the gateway runtime
 * on a node:http server, with graphql-ws for clients on the same path. Towards our (inquiry) subgraph it
 * sends queries and mutations over HTTP and subscriptions over graphql-ws (our subgraph refuses
 * subscriptions over HTTP), the router secret on both, and the client's consent handle.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ServerOptions } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { createSubscriptionTransport } from './subscriptionTransport.js';

/**
 * The part of `@graphql-hive/gateway-runtime` used here. It is loaded by a computed specifier that tsc
 * does not follow: its typings (graphql-yoga's) redeclare graphql's error extensions and the fetch body
 * types globally, against which the subgraph's own code would then fail to type-check.
 */
interface GatewayRuntimeModule {
  createGatewayRuntime(config: Record<string, unknown>): GatewayRuntime;
  getGraphQLWSOptions(
    runtime: GatewayRuntime,
    onContext: (ctx: ClientWsContext) => Record<string, unknown>,
  ): ServerOptions;
}
const GATEWAY_RUNTIME = ['@graphql-hive', 'gateway-runtime'].join('/');

/** The gateway: a node:http request listener. */
export interface GatewayRuntime {
  (req: IncomingMessage, res: ServerResponse): void;
  /** Loads the supergraph on first call. */
  getSchema(): unknown;
  dispose(): Promise<void> | void;
}

/** A gateway plugin hook this module's callers use: every fetch the gateway makes to a subgraph. */
export interface GatewayPlugin {
  onFetch?(payload: { url: string; options: { body?: unknown; headers?: Record<string, string> } }): void;
}

/** What graphql-ws gives `getGraphQLWSOptions`' context callback of a client's connection. */
interface ClientWsContext {
  readonly connectionParams?: Readonly<Record<string, unknown>>;
  readonly extra: { readonly request: IncomingMessage; readonly socket: Duplex };
}

/** Our subgraph's name in the supergraph. */
export const INQUIRY_SUBGRAPH = 'inquiry';
/** The example's name in the supergraph. */
export const CUSTOMERS_SUBGRAPH = 'customers';
/** The header our subgraph reads the router secret from (src/server.ts); on graphql-ws, `routerSecret`. */
export const ROUTER_SECRET_HEADER = 'router-authorization';
/** The header a client presents its consent handle in; on graphql-ws, `consentHandle` in connectionParams. */
export const CONSENT_HANDLE_HEADER = 'x-consent-handle';
const GRAPHQL_PATH = '/graphql';

export interface GatewayOptions {
  readonly supergraphSdl: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
  /** Sent to our subgraph on every request and WebSocket connection; none when null. */
  readonly routerSecret: string | null;
  /** Extra gateway plugins (the tests count the gateway's calls to the subgraphs with one). */
  readonly plugins?: readonly GatewayPlugin[];
}

export interface RunningGateway {
  /** The gateway's GraphQL endpoint, over HTTP and graphql-ws. */
  readonly url: string;
  readonly runtime: GatewayRuntime;
  stop(): Promise<void>;
}

/** The kind of our subgraph's subscription transport (subscriptionTransport.ts). */
const SUBSCRIPTION_KIND = 'ws';
/** The HTTP transport, loaded like the runtime (see GatewayRuntimeModule for why by a computed specifier). */
const HTTP_TRANSPORT = ['@graphql-mesh', 'transport-http'].join('/');

/** The gateway's entry for our subgraph: the router secret over HTTP; subscriptions over graphql-ws. */
export function inquiryTransportEntry(routerSecret: string | null) {
  return {
    headers: routerSecret ? [[ROUTER_SECRET_HEADER, routerSecret] as const] : [],
    options: { subscriptions: { kind: SUBSCRIPTION_KIND, location: GRAPHQL_PATH } },
  };
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const { createGatewayRuntime, getGraphQLWSOptions } = (await import(GATEWAY_RUNTIME)) as GatewayRuntimeModule;
  const subscriptions = createSubscriptionTransport({
    routerSecret: options.routerSecret,
    consentHandleHeader: CONSENT_HANDLE_HEADER,
  });
  const runtime = createGatewayRuntime({
    supergraph: options.supergraphSdl,
    transports: { http: (await import(HTTP_TRANSPORT)) as unknown, [SUBSCRIPTION_KIND]: subscriptions.transport },
    transportEntries: { [INQUIRY_SUBGRAPH]: inquiryTransportEntry(options.routerSecret) },
    propagateHeaders: {
      // The consent handle is a secret of the client's: only our subgraph is given it.
      fromClientToSubgraphs: ({ request, subgraphName }: { request: Request; subgraphName: string }) =>
        subgraphName === INQUIRY_SUBGRAPH
          ? { [CONSENT_HANDLE_HEADER]: request.headers.get(CONSENT_HANDLE_HEADER) }
          : {},
    },
    graphqlEndpoint: GRAPHQL_PATH,
    landingPage: false,
    logging: 'error',
    plugins: () => [...(options.plugins ?? [])],
  });
  // Loaded before the first client: a subscription that came first over graphql-ws would find no schema.
  await runtime.getSchema();
  const httpServer: Server = createServer(runtime);
  const wsServer = new WebSocketServer({ server: httpServer, path: GRAPHQL_PATH });
  const wsHandle = useServer(
    getGraphQLWSOptions(runtime, (ctx) => ({
      req: ctx.extra.request,
      socket: ctx.extra.socket,
      // A WebSocket client presents its consent handle in connectionParams, as to our subgraph itself.
      headers: {
        ...ctx.extra.request.headers,
        ...(typeof ctx.connectionParams?.['consentHandle'] === 'string' && {
          [CONSENT_HANDLE_HEADER]: ctx.connectionParams['consentHandle'],
        }),
      },
    })),
    wsServer,
  );
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}${GRAPHQL_PATH}`,
    runtime,
    async stop() {
      await wsHandle.dispose();
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
      await runtime.dispose();
      await subscriptions.dispose();
    },
  };
}
