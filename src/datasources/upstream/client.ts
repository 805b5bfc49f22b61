import { randomUUID } from 'node:crypto';
import type { Logger } from '../../logger.js';
import { parseAnswer, type UpstreamAnswer } from './envelope.js';
import { errorFromAnswer, errorFromTransport, isTokenRejection } from './errorMapping.js';
import { TransportError, type HttpTransport } from './http.js';
import { Limiter } from './limiter.js';
import { operation, pathParameters, type OperationId, type OperationSpec } from './operations.js';
import type { TokenBroker } from './tokenBroker.js';

export interface CallOptions {
  /** Values for the `{name}` segments of the path template other than `clientId`. */
  readonly path?: Readonly<Record<string, string>>;
  /** Query parameters; undefined and null values are left out. `trackId` is always added. */
  readonly query?: Readonly<Record<string, string | null | undefined>>;
  /** JSON body, for POST operations. */
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

export interface UpstreamResult {
  readonly result: unknown;
  /** The trackId of the call that produced this answer. */
  readonly trackId: string;
  readonly responseCode?: string;
}

export interface UpstreamClientOptions {
  readonly http: HttpTransport;
  readonly tokens: TokenBroker;
  readonly baseUrl: string;
  readonly clientId: string;
  readonly timeoutMs: number;
  /** Upstream calls in flight at once across the process. */
  readonly maxConcurrency: number;
  readonly logger: Logger;
}

/**
 * The only code that calls the upstream. Every call gets a fresh trackId, the token for its
 * operation's scope, a timeout and envelope parsing; every failure becomes one typed UpstreamError.
 * A call whose token is rejected is sent once more with a new token and a new trackId: the upstream
 * did not act on it, so this is safe even for money movements. Nothing else is retried here.
 */
export class UpstreamClient {
  private readonly limiter: Limiter;

  constructor(private readonly options: UpstreamClientOptions) {
    this.limiter = new Limiter(options.maxConcurrency);
  }

  async call(operationId: OperationId, options: CallOptions = {}): Promise<UpstreamResult> {
    const spec = operation(operationId);
    const scopes = [spec.scope];
    let token = await this.options.tokens.getToken(scopes);
    let answer = await this.attempt(spec, options, token);
    if (answer.outcome.kind === 'failure' && isTokenRejection(answer.outcome)) {
      this.options.logger.info({ operationId, trackId: answer.trackId }, 'upstream rejected the token; renewing it once');
      token = await this.options.tokens.replaceRejected(scopes, token);
      answer = await this.attempt(spec, options, token);
    }
    const { outcome, trackId } = answer;
    if (outcome.kind === 'failure') throw errorFromAnswer(operationId, outcome, trackId, spec.retrySafe);
    return { result: outcome.result, trackId: outcome.trackId ?? trackId, ...(outcome.responseCode && { responseCode: outcome.responseCode }) };
  }

  private async attempt(spec: OperationSpec, options: CallOptions, token: string): Promise<{ outcome: UpstreamAnswer; trackId: string }> {
    const trackId = randomUUID();
    const url = this.url(spec, options, trackId);
    const started = performance.now();
    try {
      const response = await this.limiter.run(() =>
        this.options.http.send({
          method: spec.method,
          url,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(options.body !== undefined && { 'content-type': 'application/json' }),
          },
          ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
          timeoutMs: this.options.timeoutMs,
          ...(options.signal && { signal: options.signal }),
        }),
      );
      this.options.logger.debug({ operationId: spec.id, trackId, status: response.status, ms: elapsed(started) }, 'upstream call');
      return { outcome: parseAnswer(response.status, response.text), trackId };
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      this.options.logger.warn({ operationId: spec.id, trackId, failure: error.kind, ms: elapsed(started) }, 'upstream call failed');
      throw errorFromTransport(spec.id, error, trackId, spec.retrySafe);
    }
  }

  private url(spec: OperationSpec, options: CallOptions, trackId: string): string {
    let path = spec.path.replace('{clientId}', encodeURIComponent(this.options.clientId));
    for (const name of pathParameters(spec)) {
      const value = options.path?.[name];
      if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} for ${spec.id}`);
      path = path.replace(`{${name}}`, encodeURIComponent(value));
    }
    const query = new URLSearchParams({ trackId });
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null) query.append(key, value);
    }
    return `${this.options.baseUrl}${path}?${query.toString()}`;
  }
}

const elapsed = (started: number) => Math.round(performance.now() - started);
