import { randomUUID, timingSafeEqual } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { StringDecoder } from 'node:string_decoder';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  execute,
  GraphQLError,
  Kind,
  subscribe,
  type ExecutionArgs,
  type ExecutionResult,
  type FormattedExecutionResult,
} from 'graphql';
import type { Context as WsServerContext } from 'graphql-ws';
import { WebSocketServer } from 'ws';
import { createServices, type AppServices, type ServiceHooks } from './app.js';
import type { Config } from './config.js';
import { createContext, type Context } from './context.js';
import { CONSENT_CALLBACK_PATH, consentCallbackPage } from './consentCallbackPage.js';
import { createErrorFormatter } from './errorFormatting.js';
import { handleSmsWebhook, SMS_WEBHOOK_PATH } from './inbox/webhook.js';
import { InFlightOperations } from './limits/inFlight.js';
import { IntrospectionAnswers } from './limits/introspectionAnswers.js';
import { RequestBodies } from './limits/requestBodies.js';
import { validationOncePerText } from './limits/validationOncePerText.js';
import { OperationLimits } from './limits/operationLimits.js';
import { refuse } from './limits/refusal.js';
import { identifyCaller, type Caller } from './limits/callerIdentity.js';
import { rateLimitPlugin, rateLimitRefusal } from './limits/rateLimitPlugin.js';
import { CallerRateLimiter } from './limits/rateLimiter.js';
import { requestInputRefusal, transportInputRefusal } from './limits/transportInput.js';
import { createLogger, type Logger } from './logger.js';
import type { Clock } from './lib/clock.js';
import { graphqlOperations, metricsText, websocketConnections } from './observability/metrics.js';
import { operationsPlugin } from './observability/operationsPlugin.js';
import { inRequestSpan } from './observability/tracing.js';
import { buildSchema } from './schema.js';
import { isDownloadPath, serveDownload } from './fileDownloads.js';
import { loadExplorer } from './explorer.js';
import { codeRequestErrors, refuseSubscriptionsOverHttp } from './requestPlugins.js';
import { CallbackSubscriptions } from './subscriptions/callback.js';
import { serveGraphqlWs, type SocketExtra } from './subscriptions/graphqlWs.js';
import { callbackSubscriptionsPlugin } from './subscriptions/callbackPlugin.js';
import { reportUpstreamCalls } from './limits/upstreamCallsReport.js';

const GRAPHQL_PATH = '/graphql';
/** Where the explorer's bundle is served (development only). */
const EXPLORER_ASSETS_PATH = '/explorer/';
/** Paths that speak graphql-ws: ours, and the Apollo Router's default. */
const WEBSOCKET_PATHS = new Set([GRAPHQL_PATH, '/ws']);
/** Where Apollo Server answered its health check; routers and gateways still probe it. */
const APOLLO_HEALTH_PATH = '/.well-known/apollo/server-health';
/** Largest graphql-ws message; HTTP request bodies are bounded by MAX_REQUEST_BYTES instead. */
const MAX_BODY_BYTES = 1024 * 1024;
/** How often a WebSocket is pinged; one that has not answered by the next ping is cut. */
const WEBSOCKET_KEEPALIVE_MS = 12_000;
const ROUTER_SECRET_HEADER = 'router-authorization';
/** Carries a consent handle (see the consent mutations); on WebSockets, `consentHandle` in connectionParams. */
const CONSENT_HANDLE_HEADER = 'x-consent-handle';
/**
 * Why an HTTP operation's signal aborts: made once, not per request (every request's signal aborts
 * when its response closes, to stop what still runs, and a DOMException per request showed in profiles).
 */
const REQUEST_ENDED = new DOMException('The request ended.', 'AbortError');
const REQUEST_TIMED_OUT = new DOMException('The request took longer than allowed.', 'AbortError');

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly services: AppServices;
  readonly logger: Logger;
  /** The subscriptions relayed over HTTP callbacks (the Apollo Router's callback mode); null when that mode is off. */
  readonly callbackSubscriptions: CallbackSubscriptions | null;
  /** Stops accepting, finishes in-flight requests, closes WebSockets, then releases everything. */
  stop(): Promise<void>;
  /**
   * What SIGTERM does: `/readyz` answers 503 for the configured drain time while requests are still
   * served, so a load balancer takes the replica out first; then `stop()`.
   */
  shutdown(): Promise<void>;
}

export async function startServer(
  config: Config,
  options: { logger?: Logger; hooks?: ServiceHooks; clock?: Clock } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const services = await createServices(config, logger, options.hooks, options.clock);
  const schema = buildSchema();
  const formatError = createErrorFormatter(logger);
  const limits = new OperationLimits(config.limits, schema);
  const inFlight = new InFlightOperations({
    perCaller: config.limits.maxOperationsPerCaller,
    perProcess: config.limits.maxOperationsInFlight,
  });
  const perMinute = config.limits.introspectionsPerMinute;
  const introspection = new IntrospectionAnswers(
    schema,
    perMinute === null
      ? null
      : new CallerRateLimiter({
          perSecond: perMinute / 60,
          burst: perMinute,
          ...(options.clock && { clock: options.clock }),
        }),
  );
  const requestBodies = new RequestBodies(config.maxRequestBytesHeld);
  /**
   * Runs an operation received over graphql-ws once the caller and the process have room for it; an
   * operation that only introspects is answered from memory.
   */
  const admitted =
    <T>(run: (args: ExecutionArgs) => T) =>
    async (args: ExecutionArgs): Promise<Awaited<T> | ExecutionResult> => {
      const { caller } = args.contextValue as Context;
      const refused = introspection.refusal(caller.id, args.document, args.operationName);
      if (refused) return { errors: [refused] };
      const known = introspection.answer(undefined, args.document, args.operationName, args.variableValues);
      if (known) return known;
      const release = inFlight.admit(caller.id);
      if (release instanceof GraphQLError) return { errors: [release] };
      try {
        return await run(args);
      } finally {
        release();
      }
    };
  /** A graphql-ws error through the formatter; a code-less one raised before execution (no path) gets `requestCode`. */
  const formatWsError = (error: GraphQLError, requestCode: string) => {
    const isRequestError = error.path === undefined && error.extensions['code'] === undefined;
    const coded = isRequestError
      ? new GraphQLError(error.message, {
          nodes: error.nodes,
          originalError: error.originalError,
          extensions: { ...error.extensions, code: requestCode },
        })
      : error;
    return formatError(coded.toJSON(), coded);
  };
  /** An answer or event as it leaves over graphql-ws (capped on the text graphql-ws writes): errors formatted. */
  const formatResult = (result: ExecutionResult): FormattedExecutionResult =>
    result.errors
      ? { ...result, errors: result.errors.map((error) => formatWsError(error, 'BAD_USER_INPUT')) }
      : result;
  /** An event of a subscription relayed over an HTTP callback: errors formatted, size capped. */
  const formatEvent = (result: ExecutionResult): FormattedExecutionResult => limits.capResponse(formatResult(result));
  const callbacks = config.subscriptionCallbackHosts
    ? new CallbackSubscriptions({ allowedHosts: config.subscriptionCallbackHosts, logger })
    : null;
  let ready = false;
  let draining = false;
  const consentIsLive = (handle: string) =>
    services.consents.describe(handle).then(
      () => true,
      () => false,
    );
  /** Who a graphql-ws connection is: worked out once, from its upgrade request and connectionParams. */
  const connectionCallers = new WeakMap<object, Promise<Caller>>();
  const connectionCaller = (ctx: WsContext): Promise<Caller> => {
    let caller = connectionCallers.get(ctx);
    if (!caller) {
      const { request } = ctx.extra;
      caller = identifyCaller({
        headers: request.headers,
        remoteAddress: request.socket.remoteAddress,
        viaRouter: routerTrusted(config, ctx.connectionParams?.routerSecret, request.headers[ROUTER_SECRET_HEADER]),
        consentHandle: wsConsentHandle(ctx),
        consentIsLive,
        connectionParams: ctx.connectionParams,
      });
      connectionCallers.set(ctx, caller);
    }
    return caller;
  };

  const httpServer: Server = createHttpServer();
  const wsServer = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES });
  const wsHandle = serveGraphqlWs<Record<string, unknown>>(
    {
      schema,
      execute: admitted(execute),
      subscribe: admitted(subscribe),
      // Rate-limited, then parsed, validated and costed here, with the same limits as over HTTP.
      onSubscribe: async (ctx, _id, payload) => {
        const refusal =
          socketOperationsRefusal(ctx) ??
          ((services.rateLimiter && rateLimitRefusal(services.rateLimiter, await connectionCaller(ctx))) ||
            transportInputRefusal(limits.config, payload.query, payload.variables));
        const prepared = refusal ? [refusal] : limits.prepare(payload);
        // Refused before its type is known, as over HTTP.
        if (Array.isArray(prepared)) graphqlOperations.inc({ type: 'unknown', outcome: 'error' });
        return prepared;
      },
      onConnect: (ctx) =>
        routerSecretMatches(
          config,
          ctx.connectionParams?.routerSecret,
          ctx.extra.request.headers[ROUTER_SECRET_HEADER],
        ),
      context: async (ctx): Promise<Context> =>
        createContext(services, { consentHandle: wsConsentHandle(ctx), caller: await connectionCaller(ctx) }),
      onOperation: (_ctx, _id, _payload, args, result) => {
        const type =
          args.document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION)?.operation ??
          'unknown';
        // A subscription's result is its stream; a query or mutation over graphql-ws is one answer.
        const failed = 'errors' in result && (result.errors?.length ?? 0) > 0;
        graphqlOperations.inc({ type, outcome: failed ? 'error' : 'ok' });
      },
      // graphql-js's own request errors carry no code on graphql-ws (Apollo adds them over HTTP): the
      // same codes are given here, so the formatter keeps them and masks only what failed inside.
      onError: (_ctx, _id, _payload, errors) =>
        errors.map((error) => formatWsError(error, 'GRAPHQL_VALIDATION_FAILED')),
      onNext: (_ctx, _id, _payload, _args, result) => formatResult(result),
    },
    wsServer,
    {
      capMessage: (text) => limits.capMessage(text),
      maxBufferedBytes: config.limits.maxSocketBufferBytes,
      keepAliveMs: WEBSOCKET_KEEPALIVE_MS,
    },
    logger,
  );
  /** The refusal of one more operation on a connection that already runs as many as allowed (itself counted). */
  function socketOperationsRefusal(ctx: WsContext): GraphQLError | null {
    const max = config.limits.maxOperationsPerSocket;
    const running = Object.keys(ctx.subscriptions).length;
    if (max === null || running <= max) return null;
    return refuse(
      'socketOperations',
      `This connection runs ${running - 1} operations; at most ${max} run at once on one connection. Complete one first.`,
      { max, actual: running },
    );
  }

  const apollo = new ApolloServer<Context>({
    schema,
    logger,
    formatError,
    includeStacktraceInErrorResponses: false,
    validationRules: [...limits.validationRules],
    parseOptions: limits.parseOptions,
    introspection: true,
    // index.ts owns the signals: it stops the whole process, not only Apollo.
    stopOnTerminationSignals: false,
    plugins: [
      validationOncePerText(),
      limits.apolloPlugin(),
      introspection.apolloPlugin<Context>(),
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: config.shutdownGraceMs }),
      { serverWillStart: async () => ({ drainServer: async () => wsHandle.dispose() }) },
      operationsPlugin<Context>(),
      ...(services.rateLimiter ? [rateLimitPlugin<Context>(services.rateLimiter)] : []),
      callbacks
        ? callbackSubscriptionsPlugin<Context>({
            callbacks,
            format: formatEvent,
            contextFor: (requestContext, signal) => {
              const options = (requestContext as Partial<HttpContext>)[REQUEST_OPTIONS];
              // Without them the subscription would run as nobody, without the caller's consent: fail loudly.
              if (!options) throw new Error('a callback subscription came without the options of its request');
              return createContext(services, { ...options, signal });
            },
          })
        : refuseSubscriptionsOverHttp,
      codeRequestErrors,
      reportUpstreamCalls,
      ApolloServerPluginLandingPageDisabled(),
      // No type or field carries a cache hint, so every answer is uncacheable and no cache-control header
      // is ever sent; Apollo's cache-control plugin would still run for every field of every answer.
      ApolloServerPluginCacheControlDisabled(),
    ],
  });
  await apollo.start();
  // Apollo's landing page loads from a CDN: a browser gets our own explorer instead, or nothing.
  const explorer = config.explorerEnabled
    ? await loadExplorer({
        graphqlPath: GRAPHQL_PATH,
        assetsPath: EXPLORER_ASSETS_PATH,
        routerSecretRequired: config.routerSecret !== null,
      })
    : null;

  httpServer.on('request', (req, res) => {
    handleRequest(req, res).catch((error: unknown) => {
      logger.error({ err: error }, 'request handling failed');
      if (!res.headersSent)
        send(res, 500, {
          errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
        });
      else res.destroy();
    });
  });
  wsServer.on('connection', (socket) => {
    websocketConnections.inc();
    socket.once('close', () => websocketConnections.dec());
  });
  httpServer.on('upgrade', (req, socket, head) => {
    if (!WEBSOCKET_PATHS.has(pathOf(req)) || !ready) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wsServer.handleUpgrade(req, socket, head, (ws) => wsServer.emit('connection', ws, req));
  });

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = pathOf(req);
    // While draining, each answer asks its client to reconnect, which the load balancer sends elsewhere.
    if (draining) res.setHeader('connection', 'close');
    if (path === '/healthz') return send(res, 200, { status: 'ok' });
    if (path === '/metrics' && config.metricsEnabled) {
      const metrics = await metricsText();
      res.writeHead(200, { 'content-type': metrics.contentType });
      res.end(metrics.body);
      return;
    }
    if (path === '/readyz') {
      const storeUp = await services.storeHealth.isUp();
      const serving = ready && storeUp;
      return send(res, serving ? 200 : 503, {
        status: serving ? 'ready' : 'not ready',
        ...(!storeUp && { store: 'unreachable' }),
      });
    }
    // The same decision as /readyz, in Apollo's words.
    if (path === APOLLO_HEALTH_PATH) {
      const serving = ready && (await services.storeHealth.isUp());
      return send(res, serving ? 200 : 503, { status: serving ? 'pass' : 'fail' }, 'application/health+json');
    }
    if (path === CONSENT_CALLBACK_PATH && req.method === 'GET') {
      const page = consentCallbackPage(new URLSearchParams((req.url ?? '').slice(path.length + 1)));
      res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page.html);
      return;
    }
    if (isDownloadPath(path)) {
      return serveDownload(req, res, path, { links: services.downloadLinks, readJob: (id) => services.jobs.get(id) });
    }
    if (path === SMS_WEBHOOK_PATH) {
      const answer = await handleSmsWebhook(req, {
        secret: config.messaging.webhookSecret,
        inbox: services.inbox,
        onDeliveryReport: services.onDeliveryReport,
        logger,
      });
      for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
      return send(res, answer.status, answer.body);
    }
    if (explorer && (await explorer.handle(req, res, path))) return;
    if (path !== GRAPHQL_PATH) return send(res, 404, { error: 'not found' });
    if (!routerSecretMatches(config, undefined, req.headers[ROUTER_SECRET_HEADER])) {
      return send(res, 401, {
        errors: [{ message: 'Missing or wrong router secret.', extensions: { code: 'UNAUTHENTICATED' } }],
      });
    }
    let taken = 0;
    res.once('close', () => requestBodies.give(taken));
    const body = await readJsonBody(req, config.maxRequestBytes, requestBodies, (bytes) => (taken += bytes));
    if (body === BUSY) {
      res.setHeader('connection', 'close');
      res.setHeader('retry-after', '1');
      return send(res, 429, {
        errors: [
          {
            message: 'This replica holds as many request bodies as it takes; retry shortly.',
            extensions: { code: 'RATE_LIMITED', retryAfter: 1 },
          },
        ],
      });
    }
    if (body === TOO_LARGE) {
      res.setHeader('connection', 'close');
      return send(res, 413, {
        errors: [
          {
            message: `The request body is larger than ${config.maxRequestBytes} bytes.`,
            extensions: { code: 'BAD_REQUEST' },
          },
        ],
      });
    }
    if (body === INVALID_JSON) {
      return send(res, 400, {
        errors: [{ message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } }],
      });
    }
    const url = req.url ?? '/';
    const inputRefusal = requestInputRefusal(limits.config, body, url.includes('?') ? url.slice(url.indexOf('?')) : '');
    if (inputRefusal) return send(res, 400, { errors: [inputRefusal.toJSON()] });
    const abort = new AbortController();
    // Every upstream call of the operation, waiting or in flight, listens to it: hundreds is normal.
    setMaxListeners(0, abort.signal);
    res.on('close', () => abort.abort(REQUEST_ENDED));
    const deadline = setTimeout(() => abort.abort(REQUEST_TIMED_OUT), config.requestTimeoutMs);
    res.on('close', () => clearTimeout(deadline));
    const requestId =
      typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'].slice(0, 100) : randomUUID();
    const consentHandle = consentHandleOf(req.headers[CONSENT_HANDLE_HEADER]);
    const caller = await identifyCaller({
      headers: req.headers,
      remoteAddress: req.socket.remoteAddress,
      viaRouter: routerTrusted(config, undefined, req.headers[ROUTER_SECRET_HEADER]),
      consentHandle,
      consentIsLive,
    });
    const release = inFlight.admit(caller.id, { http: true });
    if (release instanceof GraphQLError) {
      res.setHeader('retry-after', String(release.extensions['retryAfter']));
      const { http: _http, ...extensions } = release.extensions;
      return send(res, 429, { errors: [{ message: release.message, extensions }] });
    }
    res.once('close', release);
    const options: HttpContextOptions = { requestId, consentHandle, caller };
    const result = await inRequestSpan(requestId, () =>
      apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: toApolloRequest(req, body),
        // Assigned onto the context rather than spread from it: a spread would read its lazy members.
        context: async (): Promise<HttpContext> =>
          Object.assign(createContext(services, { ...options, signal: abort.signal }), {
            [REQUEST_OPTIONS]: options,
          }),
      }),
    );
    res.statusCode = result.status ?? 200;
    for (const [key, value] of result.headers) res.setHeader(key, value);
    res.setHeader('x-request-id', requestId);
    if (result.body.kind === 'complete') {
      res.end(limits.capBody(result.body.string));
      return;
    }
    for await (const chunk of result.body.asyncIterator) res.write(chunk);
    res.end();
  }

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  ready = true;
  const port = (httpServer.address() as AddressInfo).port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host}:${port}${GRAPHQL_PATH}`;
  services.downloadLinks.useOwnAddress(`http://${host}:${port}`);
  logger.info({ url, upstream: services.sandbox ? 'embedded sandbox' : services.upstreamUrl }, 'subgraph ready');

  let stopping: Promise<void> | null = null;
  let shuttingDown: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      ready = false;
      await apollo.stop();
      await services.close();
      logger.info('subgraph stopped');
    })();
    return stopping;
  };
  return {
    url,
    port,
    services,
    logger,
    callbackSubscriptions: callbacks,
    stop,
    shutdown() {
      shuttingDown ??= (async () => {
        ready = false;
        draining = true;
        logger.info({ drainMs: config.shutdownDrainMs }, 'draining: /readyz answers 503, requests are still served');
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
        await stop();
      })();
      return shuttingDown;
    },
  };
}

function pathOf(req: IncomingMessage): string {
  const raw = req.url ?? '/';
  const end = raw.indexOf('?');
  return end === -1 ? raw : raw.slice(0, end);
}

/** A presented consent handle: a non-empty string (bounded, so nothing huge is hashed), else none. */
function consentHandleOf(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value.trim().slice(0, 200) : null;
}

function routerSecretMatches(config: Config, fromParams: unknown, fromHeader: string | string[] | undefined): boolean {
  if (!config.routerSecret) return true;
  const expected = Buffer.from(config.routerSecret);
  const matches = (given: unknown) => {
    if (typeof given !== 'string') return false;
    const candidate = Buffer.from(given);
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  };
  return matches(fromParams) || matches(fromHeader);
}

/** The request proves it comes from the router: a router secret is configured and it carried it. */
function routerTrusted(config: Config, fromParams: unknown, fromHeader: string | string[] | undefined): boolean {
  return config.routerSecret !== null && routerSecretMatches(config, fromParams, fromHeader);
}

/** Who an HTTP operation is for; its signal is the request's own. */
interface HttpContextOptions {
  readonly requestId: string;
  readonly consentHandle: string | null;
  readonly caller: Caller;
}

/**
 * Where an HTTP operation's context keeps what it was built from, so that a callback subscription gets a
 * context of its own for the same caller. A symbol key: Apollo copies the context (own properties) per
 * operation, so the context object itself cannot be the key.
 */
const REQUEST_OPTIONS = Symbol('request options');
type HttpContext = Context & { readonly [REQUEST_OPTIONS]: HttpContextOptions };

type WsContext = WsServerContext<Record<string, unknown>, SocketExtra>;

function wsConsentHandle(ctx: WsContext): string | null {
  return (
    consentHandleOf(ctx.connectionParams?.consentHandle) ??
    consentHandleOf(ctx.extra.request.headers[CONSENT_HANDLE_HEADER])
  );
}

function toApolloRequest(req: IncomingMessage, body: unknown): HTTPGraphQLRequest {
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const url = req.url ?? '/';
  const queryStart = url.indexOf('?');
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    headers,
    search: queryStart === -1 ? '' : url.slice(queryStart),
    body,
  };
}

const INVALID_JSON = Symbol('invalid JSON');
const TOO_LARGE = Symbol('too large');
const BUSY = Symbol('busy');

/**
 * A request's body, parsed when it is JSON. Each chunk is taken from the process's budget of bodies
 * (`took` says how much, to give back when the answer is sent): past it the body is not read further.
 */
async function readJsonBody(
  req: IncomingMessage,
  maxBytes: number,
  bodies: RequestBodies,
  took: (bytes: number) => void,
): Promise<unknown> {
  if (req.method !== 'POST') return undefined;
  // Each chunk is decoded as it comes and let go: no copy of the whole body outside the JavaScript heap,
  // where the allocator might keep a large body's pages long after it was answered.
  const decoder = new StringDecoder('utf8');
  let text = '';
  let size = 0;
  for await (const chunk of req) {
    const bytes = (chunk as Buffer).length;
    size += bytes;
    // Discard the rest so the client reads our answer instead of a reset connection.
    if (size > maxBytes) {
      req.resume();
      return TOO_LARGE;
    }
    if (!bodies.take(bytes)) {
      req.resume();
      return BUSY;
    }
    took(bytes);
    text += decoder.write(chunk as Buffer);
  }
  text += decoder.end();
  if (!/json/i.test(req.headers['content-type'] ?? '')) return text;
  if (text.length === 0) return undefined;
  return bodies.parse(text).catch(() => INVALID_JSON);
}

function send(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  res.writeHead(status, { 'content-type': `${contentType}; charset=utf-8` });
  res.end(JSON.stringify(body));
}
