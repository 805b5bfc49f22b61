import { ErrorCode, UpstreamError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { parseAnswer } from './envelope.js';
import { errorFromAnswer, errorFromTransport } from './errorMapping.js';
import { TransportError, type HttpTransport } from './http.js';
import { TOKEN_PATH } from './operations.js';

export interface TokenBrokerOptions {
  readonly http: HttpTransport;
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** National id of the application owner, sent as `nid` with client_credentials. */
  readonly clientNid: string;
  readonly timeoutMs: number;
  /** A token is renewed this long before it expires. */
  readonly refreshMarginMs: number;
  readonly logger: Logger;
  readonly now?: () => number;
}

interface CachedToken {
  readonly value: string;
  readonly refreshToken: string | null;
  readonly expiresAt: number;
}

/**
 * Client-credentials tokens per scope set: cached until shortly before expiry, renewed with the
 * refresh grant when possible, and fetched by exactly one request however many callers wait.
 */
export class TokenBroker {
  private readonly cache = new Map<string, CachedToken>();
  private readonly inFlight = new Map<string, Promise<CachedToken>>();
  private readonly now: () => number;
  private readonly basicAuth: string;

  constructor(private readonly options: TokenBrokerOptions) {
    this.now = options.now ?? Date.now;
    this.basicAuth = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
  }

  /** A valid access token carrying every scope in `scopes`. */
  async getToken(scopes: readonly string[]): Promise<string> {
    const key = scopeKey(scopes);
    const cached = this.cache.get(key);
    if (cached && this.now() < cached.expiresAt - this.options.refreshMarginMs) return cached.value;
    return (await this.renew(key, cached)).value;
  }

  /**
   * The upstream rejected `rejected`: drop it and get a new token. Concurrent callers reporting the
   * same rejected token share one renewal.
   */
  async replaceRejected(scopes: readonly string[], rejected: string): Promise<string> {
    const key = scopeKey(scopes);
    const cached = this.cache.get(key);
    if (cached && cached.value !== rejected) return cached.value;
    this.cache.delete(key);
    return (await this.renew(key, undefined)).value;
  }

  private renew(key: string, previous: CachedToken | undefined): Promise<CachedToken> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const task = this.fetchFor(key, previous)
      .then((token) => {
        this.cache.set(key, token);
        return token;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, task);
    return task;
  }

  private async fetchFor(key: string, previous: CachedToken | undefined): Promise<CachedToken> {
    if (previous?.refreshToken && this.now() < previous.expiresAt) {
      try {
        return await this.request({ grant_type: 'refresh_token', refresh_token: previous.refreshToken, token_type: 'CLIENT-CREDENTIAL' });
      } catch (error) {
        this.options.logger.warn({ scopes: key, err: describe(error) }, 'token refresh failed; requesting a new token');
      }
    }
    return this.request({ grant_type: 'client_credentials', nid: this.options.clientNid, scopes: key });
  }

  private async request(body: Record<string, string>): Promise<CachedToken> {
    const requestedAt = this.now();
    let response;
    try {
      response = await this.options.http.send({
        method: 'POST',
        url: `${this.options.baseUrl}${TOKEN_PATH}`,
        headers: { authorization: this.basicAuth, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        timeoutMs: this.options.timeoutMs,
      });
    } catch (error) {
      if (error instanceof TransportError) throw errorFromTransport('token', error, '', true);
      throw error;
    }
    const answer = parseAnswer(response.status, response.text);
    if (answer.kind === 'failure') throw errorFromAnswer('token', answer, '', true);
    return readToken(answer.result, requestedAt);
  }
}

function readToken(result: unknown, requestedAt: number): CachedToken {
  const r = (result ?? {}) as Record<string, unknown>;
  const lifeTime = typeof r.lifeTime === 'string' ? Number(r.lifeTime) : r.lifeTime;
  if (typeof r.value !== 'string' || r.value === '' || typeof lifeTime !== 'number' || !Number.isFinite(lifeTime)) {
    throw new UpstreamError({ code: ErrorCode.UpstreamUnavailable, message: 'The upstream sent an unreadable token.', operationId: 'token' });
  }
  return {
    value: r.value,
    refreshToken: typeof r.refreshToken === 'string' && r.refreshToken !== '' ? r.refreshToken : null,
    // Measured from when we asked, so clock skew and transit time can only shorten the token's life.
    expiresAt: requestedAt + lifeTime,
  };
}

function scopeKey(scopes: readonly string[]): string {
  return [...new Set(scopes)].sort().join(',');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
