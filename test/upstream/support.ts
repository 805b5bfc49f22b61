/** Shared helpers of the upstream-client tests: recording transports, tiny HTTP servers, builders. */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResilienceConfig } from '../../src/config.js';
import { UpstreamClient } from '../../src/datasources/upstream/client.js';
import {
  createHttpTransport,
  type HttpRequest,
  type HttpResponse,
  type HttpTransport,
} from '../../src/datasources/upstream/http.js';
import { TokenBroker, type TokenBrokerOptions } from '../../src/datasources/upstream/tokenBroker.js';
import { UpstreamError } from '../../src/errors.js';
import { createLogger } from '../../src/logger.js';
import { billIdCheckDigit, startSandbox, type Sandbox } from '../fixtures/sandbox.js';
import { present } from '../helpers/responses.js';

export const silentLogger = createLogger('silent');

/** A valid water bill id for the sandbox: a body and its check digit. */
export const WATER_BILL = `1234567001${billIdCheckDigit('1234567001')}`;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface Exchange {
  readonly request: HttpRequest;
  response?: HttpResponse;
  error?: unknown;
}

export interface RecordingTransport extends HttpTransport {
  readonly exchanges: Exchange[];
}

/** Passes every request to `inner` and keeps the request (with its headers) and the answer. */
export function recordingTransport(inner: HttpTransport): RecordingTransport {
  const exchanges: Exchange[] = [];
  return {
    exchanges,
    async send(request) {
      const exchange: Exchange = { request };
      exchanges.push(exchange);
      try {
        exchange.response = await inner.send(request);
        return exchange.response;
      } catch (error) {
        exchange.error = error;
        throw error;
      }
    },
    close: () => inner.close(),
  };
}

/**
 * A transport that answers from `script` in order, with no server: each entry is an answer, an error to
 * throw, or a function of the request giving either. Every request is kept in `requests`.
 */
export function scriptedTransport(
  script: ReadonlyArray<HttpResponse | Error | ((request: HttpRequest) => HttpResponse | Error)>,
): HttpTransport & { readonly requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  return {
    requests,
    async send(request) {
      const entry = script[requests.length];
      requests.push(request);
      if (entry === undefined) throw new Error(`no answer scripted for request ${requests.length}`);
      const outcome = typeof entry === 'function' ? entry(request) : entry;
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    close: async () => undefined,
  };
}

/** A DONE envelope carrying `result`, as the upstream answers with HTTP 200. */
export const done = (result: unknown): HttpResponse => ({
  status: 200,
  text: JSON.stringify({ trackId: 'track-1', status: 'DONE', result }),
});

export function newTransport(): RecordingTransport {
  return recordingTransport(createHttpTransport({ connections: 16 }));
}

/**
 * One sandbox for the file, and before each test a fresh recording transport with the sandbox's calls
 * and faults cleared; `bind` receives both before each test. Both are closed after.
 */
export function useSandboxAndTransport(bind: (sandbox: Sandbox, http: RecordingTransport) => void): void {
  let sandbox: Sandbox | undefined;
  let http: RecordingTransport | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  beforeEach(() => {
    const started = present(sandbox, 'the sandbox started before all tests');
    started.clearCalls();
    started.clearFaults();
    http = newTransport();
    bind(started, http);
  });
  afterEach(async () => {
    await http?.close();
  });
}

export function newBroker(
  sandbox: Sandbox,
  http: HttpTransport,
  overrides: Partial<TokenBrokerOptions> = {},
): TokenBroker {
  return new TokenBroker({
    http,
    baseUrl: sandbox.url,
    clientId: sandbox.options.clientId,
    clientSecret: sandbox.options.clientSecret,
    clientNid: sandbox.options.clientNid,
    timeoutMs: 2_000,
    refreshMarginMs: 60_000,
    logger: silentLogger,
    ...overrides,
  });
}

export interface ClientSetup {
  readonly tokens: TokenBroker;
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  readonly maxConcurrency?: number;
  /** The transport's connection pool size, when the test's transport has a small one. */
  readonly connections?: number;
  readonly resilience?: ResilienceConfig;
}

export function newClient(sandbox: Sandbox, http: HttpTransport, setup: ClientSetup): UpstreamClient {
  return new UpstreamClient({
    http,
    tokens: setup.tokens,
    baseUrl: setup.baseUrl ?? sandbox.url,
    clientId: sandbox.options.clientId,
    timeoutMs: setup.timeoutMs ?? 2_000,
    maxConcurrency: setup.maxConcurrency ?? 16,
    ...(setup.connections !== undefined && { connections: setup.connections }),
    ...(setup.resilience && { resilience: setup.resilience }),
    logger: silentLogger,
  });
}

/** Runs `promise`, expecting an UpstreamError, and returns it. */
export async function upstreamErrorOf(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw new Error(`expected an UpstreamError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected an UpstreamError, but the call succeeded');
}

/** Parses a JSON request body recorded by a transport. */
export function jsonBody(request: HttpRequest): unknown {
  return request.body === undefined ? undefined : (JSON.parse(request.body) as unknown);
}

export interface TinyServer {
  readonly url: string;
  close(): Promise<void>;
}

/** A node:http server on a free port; `handle` answers every request. */
export async function startTinyServer(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<TinyServer> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
