import { Agent, type FormData } from 'undici';
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
    /** True when the request may have reached the upstream before the failure. */
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

/** Pooled keep-alive HTTP over undici; one instance per process. */
export function createHttpTransport(options: { connections: number }): HttpTransport {
  const agent = new Agent({ connections: options.connections, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000 });
  return {
    async send(req) {
      // One controller per request, its listener on the caller's signal removed when the request ends:
      // AbortSignal.any would leave a listener on the caller's signal per attempt until collected.
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, req.timeoutMs);
      let stopListening = () => {};
      if (req.signal?.aborted) controller.abort();
      else if (req.signal) stopListening = onAbort(req.signal, () => controller.abort());
      try {
        const { origin, path } = originAndPath(req.url);
        // The agent's own request takes origin and path as they are: undici's top-level `request` would
        // parse the URL with the WHATWG parser on every call.
        const res = await agent.request({
          origin,
          path,
          method: req.method,
          headers: req.headers,
          body: req.form ?? req.body,
          signal: controller.signal,
        });
        const retryAfter = res.headers['retry-after'];
        return {
          status: res.statusCode,
          text: await res.body.text(),
          ...(typeof retryAfter === 'string' && { retryAfter }),
        };
      } catch (error) {
        if (timedOut) throw new TransportError('timeout', true, error);
        if (req.signal?.aborted) throw new TransportError('aborted', true, error);
        throw new TransportError('network', !isConnectFailure(error) && !isRefusedBeforeSending(error), error);
      } finally {
        clearTimeout(timer);
        stopListening();
      }
    },
    close: () => agent.close(),
  };
}

/** `http://host:port` and the rest (path and query) of an absolute http(s) URL. */
export function originAndPath(url: string): { origin: string; path: string } {
  const afterScheme = url.indexOf('//');
  if (afterScheme < 0 || !/^https?:$/i.test(url.slice(0, afterScheme)))
    throw new TypeError(`not an http(s) URL: ${url}`);
  const slash = url.indexOf('/', afterScheme + 2);
  return slash < 0 ? { origin: url, path: '/' } : { origin: url.slice(0, slash), path: url.slice(slash) };
}

/** A request the transport refused to send (a malformed URL or header): nothing reached the upstream. */
function isRefusedBeforeSending(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof TypeError || code === 'UND_ERR_INVALID_ARG';
}

const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

function isConnectFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONNECT_FAILURES.has(code);
}
