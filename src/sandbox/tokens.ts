/**
 * The token endpoint (`POST /dev/v2/oauth2/token`, wire facts §2) and the store behind it. Tokens are
 * opaque random strings; the store knows their scopes, expiry and whether they were revoked.
 */
import { randomBytes } from 'node:crypto';
import { operations, type Grant } from '../datasources/upstream/operations.js';
import { tehranTimestamp } from './calendar.js';
import { unauthorized, validationError, type Failure } from './envelopes.js';
import { jsonObject, type RequestBody } from './request-body.js';
import type { SandboxSettings } from './types.js';

const CATALOG_SCOPES: ReadonlySet<string> = new Set([...operations.values()].map((spec) => spec.scope));

interface AccessToken {
  readonly grant: Grant;
  readonly scopes: readonly string[];
  readonly expiresAt: number;
  revoked: boolean;
}

interface RefreshToken {
  readonly grant: Grant;
  readonly scopes: readonly string[];
  used: boolean;
}

export interface TokenResult {
  readonly value: string;
  readonly refreshToken: string;
  readonly lifeTime: number;
  readonly creationDate: string;
  readonly scopes: string[];
}

export type Authorization =
  | { readonly ok: true; readonly scopes: string[] }
  | { readonly ok: false; readonly failure: Failure; readonly scopes?: string[] };

export class TokenStore {
  private readonly access = new Map<string, AccessToken>();
  private readonly refresh = new Map<string, RefreshToken>();

  issue(grant: Grant, scopes: readonly string[], now: number, lifetimeMs: number): TokenResult {
    const value = randomBytes(32).toString('base64url');
    const refreshToken = randomBytes(48).toString('base64url');
    this.access.set(value, { grant, scopes, expiresAt: now + lifetimeMs, revoked: false });
    this.refresh.set(refreshToken, { grant, scopes, used: false });
    return { value, refreshToken, lifeTime: lifetimeMs, creationDate: tehranTimestamp(now), scopes: [...scopes] };
  }

  /** A new token for an unused refresh token; the refresh token is spent, the old access token lives on. */
  renew(refreshToken: string, now: number, lifetimeMs: number): TokenResult | undefined {
    const entry = this.refresh.get(refreshToken);
    if (!entry || entry.used) return undefined;
    entry.used = true;
    return this.issue(entry.grant, entry.scopes, now, lifetimeMs);
  }

  revokeAll(): void {
    for (const token of this.access.values()) token.revoked = true;
  }

  /** Checks an `Authorization` header against the scope an operation needs. */
  authorize(header: string | undefined, scope: string, now: number): Authorization {
    const value = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
    if (value === undefined) return { ok: false, failure: unauthorized('the token is missing') };
    const token = this.access.get(value);
    if (!token || token.revoked || token.expiresAt <= now) {
      return { ok: false, failure: unauthorized('the sent token is invalid') };
    }
    const scopes = [...token.scopes];
    if (!token.scopes.includes(scope)) return { ok: false, failure: unauthorized('insufficient scope'), scopes };
    return { ok: true, scopes };
  }
}

export type TokenOutcome = { readonly ok: true; readonly result: TokenResult } | { readonly ok: false; readonly failure: Failure };

export interface TokenRequest {
  readonly authorization: string | undefined;
  readonly body: RequestBody;
  readonly now: number;
}

interface GrantContext {
  readonly fields: Record<string, unknown>;
  readonly settings: SandboxSettings;
  readonly store: TokenStore;
  readonly now: number;
}

type GrantHandler = (context: GrantContext) => TokenOutcome;

const rejected = (message: string): TokenOutcome => ({ ok: false, failure: validationError(message) });

function clientCredentials({ fields, settings, store, now }: GrantContext): TokenOutcome {
  if (fields['nid'] !== settings.clientNid) return rejected('invalid nid');
  const requested = fields['scopes'];
  if (typeof requested !== 'string' || requested === '') return rejected('scopes is required');
  const scopes = [...new Set(requested.split(','))];
  const unknown = scopes.find((scope) => !CATALOG_SCOPES.has(scope));
  if (unknown !== undefined) return rejected(`invalid scope: ${unknown}`);
  return { ok: true, result: store.issue('client_credentials', scopes, now, settings.tokenLifetimeMs) };
}

function refreshToken({ fields, settings, store, now }: GrantContext): TokenOutcome {
  if (fields['token_type'] !== 'CLIENT-CREDENTIAL') return rejected('invalid token_type');
  const token = fields['refresh_token'];
  if (typeof token !== 'string' || token === '') return rejected('refresh_token is required');
  const result = store.renew(token, now, settings.tokenLifetimeMs);
  return result ? { ok: true, result } : rejected('invalid refresh token');
}

/**
 * Grants the sandbox issues, by `grant_type`. The authorization-code grant (web, and SMS with
 * `auth_type: 'SMS'`, wire facts §2.3–2.4) and the refresh of CODE tokens belong here when the
 * sandbox grows those flows; until then they are answered as unsupported.
 */
const GRANTS: Readonly<Record<string, GrantHandler>> = {
  client_credentials: clientCredentials,
  refresh_token: refreshToken,
};

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const encoded = /^Basic\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (encoded === undefined) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function handleTokenRequest(request: TokenRequest, settings: SandboxSettings, store: TokenStore): TokenOutcome {
  const client = basicCredentials(request.authorization);
  if (!client || client.id !== settings.clientId || client.secret !== settings.clientSecret) {
    return { ok: false, failure: unauthorized('invalid client credentials') };
  }
  const fields = jsonObject(request.body);
  if (!fields) return rejected('invalid body');
  const grantType = fields['grant_type'];
  const grant = typeof grantType === 'string' && Object.hasOwn(GRANTS, grantType) ? GRANTS[grantType] : undefined;
  if (!grant) return rejected('unsupported grant_type');
  return grant({ fields, settings, store, now: request.now });
}
