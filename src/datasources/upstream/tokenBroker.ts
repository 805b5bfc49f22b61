import { ErrorCode, UpstreamError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { tokenRenewals } from '../../observability/metrics.js';
import { parseAnswer, type UpstreamAnswer } from './envelope.js';
import { errorFromAnswer, errorFromTransport } from './errorMapping.js';
import { TransportError, type HttpTransport } from './http.js';
import { TOKEN_PATH } from './operations.js';
import { systemClock, type Clock } from '../../lib/clock.js';

export interface OAuthEndpointOptions {
  readonly http: HttpTransport;
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly timeoutMs: number;
  readonly clock?: Clock;
}

/** A token the upstream issued, as read from the token endpoint's answer (wire facts §2.2–2.5). */
export interface IssuedToken {
  readonly value: string;
  readonly refreshToken: string | null;
  /** Epoch ms, measured from when the token was asked for. */
  readonly expiresAt: number;
  /** Granted scopes, when the answer lists them. */
  readonly scopes: readonly string[] | null;
  /** The national id the token acts for (user grants); null when the answer does not say. */
  readonly userId: string | null;
  /**
   * The account numbers the person authorized (a user grant's `deposits`, wire facts §2.3); absent when
   * the answer has no such list.
   */
  readonly deposits?: readonly string[];
}

/**
 * The upstream's OAuth endpoints (`/dev/v2/oauth2/…`), called with the application's Basic
 * credentials over the shared pooled transport. The token broker and the consent flows both use it,
 * so there is one way to reach these endpoints.
 */
export class OAuthEndpoint {
  private readonly basicAuth: string;
  private readonly clock: Clock;

  constructor(private readonly options: OAuthEndpointOptions) {
    this.basicAuth = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    this.clock = options.clock ?? systemClock;
  }

  get clientId(): string {
    return this.options.clientId;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /**
   * One call with Basic auth (or the `bearer` token given); the parsed answer, success or failure.
   * `label` names the call in errors. Only a call that got no answer throws (an UpstreamError).
   */
  async send(
    label: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    parts: { query?: Record<string, string>; body?: unknown; bearer?: string },
  ): Promise<UpstreamAnswer> {
    const search = parts.query ? `?${new URLSearchParams(parts.query).toString()}` : '';
    let response;
    try {
      response = await this.options.http.send({
        method,
        url: `${this.options.baseUrl}${path}${search}`,
        headers: {
          authorization: parts.bearer !== undefined ? `Bearer ${parts.bearer}` : this.basicAuth,
          accept: 'application/json',
          ...(parts.body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(parts.body !== undefined && { body: JSON.stringify(parts.body) }),
        timeoutMs: this.options.timeoutMs,
      });
    } catch (error) {
      if (error instanceof TransportError) throw errorFromTransport(label, error, '', true);
      throw error;
    }
    return parseAnswer(response.status, response.text);
  }

  /** `POST /dev/v2/oauth2/token` with `body`; a refused request throws an UpstreamError (with its HTTP status). */
  async token(body: Record<string, string>): Promise<IssuedToken> {
    const requestedAt = this.clock.now();
    const answer = await this.send('token', 'POST', TOKEN_PATH, { body });
    if (answer.kind === 'failure') throw errorFromAnswer('token', answer, '', true);
    return readToken(answer.result, requestedAt);
  }
}

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
  readonly clock?: Clock;
}

type CachedToken = Pick<IssuedToken, 'value' | 'refreshToken' | 'expiresAt'>;

/**
 * Client-credentials tokens per scope set: cached until shortly before expiry, renewed with the
 * refresh grant when possible, and fetched by exactly one request however many callers wait.
 */
export class TokenBroker {
  private readonly cache = new Map<string, CachedToken>();
  private readonly inFlight = new Map<string, Promise<CachedToken>>();
  private readonly clock: Clock;
  private readonly endpoint: OAuthEndpoint;

  constructor(private readonly options: TokenBrokerOptions) {
    this.clock = options.clock ?? systemClock;
    this.endpoint = new OAuthEndpoint(options);
  }

  /** A valid access token carrying every scope in `scopes`. */
  async getToken(scopes: readonly string[]): Promise<string> {
    const key = scopeKey(scopes);
    const cached = this.cache.get(key);
    if (cached && this.clock.now() < cached.expiresAt - this.options.refreshMarginMs) return cached.value;
    return (await this.renew(key, cached, cached ? 'expiry' : null)).value;
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
    return (await this.renew(key, undefined, 'rejected')).value;
  }

  /** `reason` is null for the first token of a scope set, which renews nothing. */
  private renew(
    key: string,
    previous: CachedToken | undefined,
    reason: 'expiry' | 'rejected' | null,
  ): Promise<CachedToken> {
    const running = this.inFlight.get(key);
    if (running) return running;
    if (reason) tokenRenewals.inc({ kind: 'client_credentials', reason });
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
    if (previous?.refreshToken && this.clock.now() < previous.expiresAt) {
      try {
        return await this.request({
          grant_type: 'refresh_token',
          refresh_token: previous.refreshToken,
          token_type: 'CLIENT-CREDENTIAL',
        });
      } catch (error) {
        this.options.logger.warn({ scopes: key, err: describe(error) }, 'token refresh failed; requesting a new token');
      }
    }
    return this.request({ grant_type: 'client_credentials', nid: this.options.clientNid, scopes: key });
  }

  private request(body: Record<string, string>): Promise<CachedToken> {
    return this.endpoint.token(body);
  }
}

function readToken(result: unknown, requestedAt: number): IssuedToken {
  const r = (result ?? {}) as Record<string, unknown>;
  const lifeTime = typeof r.lifeTime === 'string' ? Number(r.lifeTime) : r.lifeTime;
  if (typeof r.value !== 'string' || r.value === '' || typeof lifeTime !== 'number' || !Number.isFinite(lifeTime)) {
    throw new UpstreamError({
      code: ErrorCode.UpstreamUnavailable,
      message: 'The upstream sent an unreadable token.',
      operationId: 'token',
    });
  }
  const deposits = Array.isArray(r.deposits)
    ? r.deposits.flatMap((deposit) =>
        (typeof deposit === 'string' && deposit.trim() !== '') || typeof deposit === 'number'
          ? [String(deposit).trim()]
          : [],
      )
    : undefined;
  return {
    ...(deposits && { deposits }),
    value: r.value,
    refreshToken: typeof r.refreshToken === 'string' && r.refreshToken !== '' ? r.refreshToken : null,
    // Measured from when we asked, so clock skew and transit time can only shorten the token's life.
    expiresAt: requestedAt + lifeTime,
    scopes: Array.isArray(r.scopes) ? r.scopes.filter((scope): scope is string => typeof scope === 'string') : null,
    userId:
      typeof r.userId === 'string' && r.userId !== ''
        ? r.userId
        : typeof r.userId === 'number'
          ? String(r.userId)
          : null,
  };
}

function scopeKey(scopes: readonly string[]): string {
  return [...new Set(scopes)].sort().join(',');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
