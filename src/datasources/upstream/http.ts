import { Agent, type Dispatcher, type FormData } from 'undici';
import { onAbort } from './abortListeners.js';

export interface HttpRequest {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Sent as is, with the content type the caller gives in `headers`. */
  readonly body?: string;
  /**
   * A `multipart/form-data` body, instead of `body`: the transport streams it and sets the
   * content-type header with its boundary, so the caller must not set one.
   */
  readonly form?: FormData;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

export interface HttpResponse {
  readonly status: number;
  readonly text: string;
  /** The `Retry-After` header, as sent (a 429 or 503 may carry it). */
  readonly retryAfter?: string;
}

export type TransportFailure = 'timeout' | 'network' | 'aborted';

/** No HTTP answer came: the call timed out, the connection failed, or the caller gave up. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly kind: TransportFailure,
    /**
     * True when the request may have reached the upstream before the failure: it was handed to a
     * connection. False when it never was (no connection could be made, it was refused before sending,
     * or it was given up while it waited for a connection).
     */
    readonly maybeDelivered: boolean,
    cause?: unknown,
  ) {
    super(`upstream transport ${kind}`, { cause });
  }
}

export interface HttpTransport {
  send(request: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

/**
 * Pooled keep-alive HTTP over undici; one instance per process. Each request knows whether it was ever
 * handed to a connection: undici starts a request (`onRequestStart`) right before it writes it, so a
 * request that failed, timed out or was aborted before its start never left this process.
 */
export function createHttpTransport(options: { connections: number }): HttpTransport {
  const agent = new Agent({ connections: options.connections, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000 });
  return {
    send: (req) => new Promise<HttpResponse>((resolve, reject) => dispatch(agent, req, resolve, reject)),
    close: () => agent.close(),
  };
}

/** UTF-8, a leading byte-order mark dropped (an upstream may send one; JSON.parse refuses it). */
const UTF8 = new TextDecoder('utf-8');

/** Sends `req` through the agent, answering once through `resolve` or `reject`. */
function dispatch(
  agent: Agent,
  req: HttpRequest,
  resolve: (response: HttpResponse) => void,
  reject: (error: TransportError) => void,
): void {
  let controller: Dispatcher.DispatchController | null = null;
  let stopped: TransportFailure | null = null;
  let ended = false;
  let status = 0;
  let retryAfter: string | undefined;
  const chunks: Buffer[] = [];

  const end = (): boolean => {
    if (ended) return false;
    ended = true;
    clearTimeout(timer);
    stopListening();
    return true;
  };
  const fail = (kind: TransportFailure, cause?: unknown): void => {
    if (end()) reject(new TransportError(kind, controller !== null, cause));
  };
  // Our own timeout or the caller's abort: a request not started yet is abandoned before it is written.
  const stop = (kind: TransportFailure): void => {
    stopped = kind;
    controller?.abort(new Error(`upstream request ${kind}`));
    fail(kind);
  };
  const timer = setTimeout(() => stop('timeout'), req.timeoutMs);
  let stopListening = () => {};
  if (req.signal?.aborted) {
    stop('aborted');
    return;
  }
  if (req.signal) stopListening = onAbort(req.signal, () => stop('aborted'));

  let target: { origin: string; path: string };
  try {
    target = originAndPath(req.url);
  } catch (error) {
    fail('network', error);
    return;
  }
  const { origin, path } = target;
  agent.dispatch(
    { origin, path, method: req.method, headers: req.headers, body: req.form ?? req.body ?? null },
    {
      onRequestStart(started) {
        // Given up before its start: thrown here, undici fails the request before writing it and keeps
        // the connection (aborting here would destroy the connection).
        if (stopped) throw new Error(`upstream request ${stopped}`);
        controller = started;
      },
      onResponseStart(_started, statusCode, headers) {
        if (statusCode < 200) return;
        status = statusCode;
        const header = headers['retry-after'];
        if (typeof header === 'string') retryAfter = header;
      },
      onResponseData(_started, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        if (!end()) return;
        resolve({
          status,
          text: UTF8.decode(Buffer.concat(chunks)),
          ...(retryAfter !== undefined && { retryAfter }),
        });
      },
      onResponseError(_started, error) {
        fail(stopped ?? 'network', error);
      },
    },
  );
}

/** `http://host:port` and the rest (path and query) of an absolute http(s) URL. */
export function originAndPath(url: string): { origin: string; path: string } {
  const afterScheme = url.indexOf('//');
  if (afterScheme < 0 || !/^https?:$/i.test(url.slice(0, afterScheme)))
    throw new TypeError(`not an http(s) URL: ${url}`);
  const slash = url.indexOf('/', afterScheme + 2);
  return slash < 0 ? { origin: url, path: '/' } : { origin: url.slice(0, slash), path: url.slice(slash) };
}
