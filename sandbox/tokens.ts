/**
 * The token endpoint (`POST /dev/v2/oauth2/token`, wire facts §2) and the store behind it. Tokens are
 * opaque random strings; the store knows their grant, scopes, owner, expiry and whether they were
 * revoked. Client-credential tokens come from `client_credentials`; CODE tokens (SMS or web) from
 * `authorization_code` with a code of the consent flows (`consent/`); both renew with `refresh_token`.
 */
import { randomBytes } from 'node:crypto';
import { operations, type Grant } from '../src/datasources/upstream/operations.js';
import { tehranTimestamp } from './calendar.js';
import type { ConsentBook } from './consent/book.js';
import { unauthorized, validationError, type Failure } from './envelopes.js';
import { jsonObject, type RequestBody } from './requestBody.js';
import type { SandboxSettings } from './types.js';
import { accountsOf } from './world/accounts.js';

const CATALOG_SCOPES: ReadonlySet<string> = new Set([...operations.values()].map((spec) => spec.scope));

/** Who a user token (type CODE) acts for and how it was confirmed; absent on client-credential tokens. */
export interface TokenOwner {
  /** The person's national id. */
  readonly userId: string;
  /** `SMS` for SMS-confirmed tokens, null for web (authorization-code) tokens. */
  readonly authType: 'SMS' | null;
  /** The bank of a web token; null for SMS tokens. */
  readonly bank: string | null;
}

interface AccessToken {
  readonly grant: Grant;
  readonly scopes: readonly string[];
  readonly owner: TokenOwner | null;
  readonly expiresAt: number;
  /** The refresh token issued with it. */
  readonly refreshToken: string;
  revoked: boolean;
}

interface RefreshToken {
  readonly grant: Grant;
  readonly scopes: readonly string[];
  readonly owner: TokenOwner | null;
  used: boolean;
}

export interface TokenResult {
  readonly value: string;
  readonly refreshToken: string;
  readonly lifeTime: number;
  readonly creationDate: string;
  readonly scopes: string[];
  /** CODE tokens only (wire facts §2.3–2.4). */
  readonly type?: 'CODE';
  readonly auth_type?: 'SMS';
  readonly bank?: string;
  readonly userId?: string;
  readonly clientId?: string;
  readonly deposits?: string[];
  readonly monthlyCallLimitation?: number;
  readonly maxAmountPerTransaction?: number;
}

/** The kind of token a business call presented, as the call log records it. */
export interface PresentedToken {
  readonly scopes: string[];
  readonly type: 'CLIENT-CREDENTIAL' | 'CODE';
  readonly userId?: string;
  /** The bank of a web token, whose accounts it covers. */
  readonly bank?: string;
}

export type Authorization =
  | { readonly ok: true; readonly token: PresentedToken }
  | { readonly ok: false; readonly failure: Failure; readonly token?: PresentedToken };

export class TokenStore {
  private readonly access = new Map<string, AccessToken>();
  private readonly refresh = new Map<string, RefreshToken>();

  issue(
    grant: Grant,
    scopes: readonly string[],
    now: number,
    lifetimeMs: number,
    owner: TokenOwner | null = null,
    clientId = '',
  ): TokenResult {
    const value = randomBytes(32).toString('base64url');
    const refreshToken = randomBytes(48).toString('base64url');
    this.access.set(value, { grant, scopes, owner, expiresAt: now + lifetimeMs, refreshToken, revoked: false });
    this.refresh.set(refreshToken, { grant, scopes, owner, used: false });
    const common = {
      value,
      refreshToken,
      lifeTime: lifetimeMs,
      creationDate: tehranTimestamp(now),
      scopes: [...scopes],
    };
    if (!owner) return common;
    return {
      ...common,
      type: 'CODE',
      ...(owner.authType === 'SMS' && { auth_type: 'SMS' as const }),
      bank: owner.bank ?? '',
      userId: owner.userId,
      clientId,
      // The person's accounts at the bank of a web token (all of them authorized, designed); none for SMS tokens.
      deposits: owner.bank
        ? accountsOf(owner.userId)
            .filter((account) => account.bank.code === owner.bank)
            .map((account) => account.deposit)
        : [],
      monthlyCallLimitation: 0,
      maxAmountPerTransaction: 0,
    };
  }

  /**
   * A new token for an unused refresh token of the kind `accepts` approves; the refresh token is
   * spent, the old access token lives on.
   */
  renew(
    refreshToken: string,
    accepts: (owner: TokenOwner | null) => boolean,
    now: number,
    lifetimeMs: number,
    clientId = '',
  ): TokenResult | undefined {
    const entry = this.refresh.get(refreshToken);
    if (!entry || entry.used || !accepts(entry.owner)) return undefined;
    entry.used = true;
    return this.issue(entry.grant, entry.scopes, now, lifetimeMs, entry.owner, clientId);
  }

  revokeAll(): void {
    for (const token of this.access.values()) token.revoked = true;
  }

  /**
   * Revokes one access token of the kind `matches` approves, and spends the refresh token issued with
   * it (designed: a revoked consent cannot be renewed). False for a token unknown or not of that kind;
   * revoking a token again, or an expired one, is harmless.
   */
  revoke(value: string, matches: (grant: Grant, owner: TokenOwner | null) => boolean): boolean {
    const token = this.access.get(value);
    if (!token || !matches(token.grant, token.owner)) return false;
    token.revoked = true;
    const refresh = this.refresh.get(token.refreshToken);
    if (refresh) refresh.used = true;
    return true;
  }

  /** Whether an `Authorization` header carries a live client-credentials token (of any scope). */
  isClientToken(header: string | undefined, now: number): boolean {
    const value = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
    const token = value === undefined ? undefined : this.access.get(value);
    return token !== undefined && !token.revoked && token.expiresAt > now && token.grant === 'client_credentials';
  }

  /**
   * Checks an `Authorization` header against the scope and grant an operation needs: an operation
   * under a user grant takes only a CODE token of that grant.
   */
  authorize(
    header: string | undefined,
    scope: string,
    now: number,
    grant: Grant = 'client_credentials',
  ): Authorization {
    const value = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
    if (value === undefined) return { ok: false, failure: unauthorized('the token is missing') };
    const token = this.access.get(value);
    if (!token || token.revoked || token.expiresAt <= now) {
      return { ok: false, failure: unauthorized('the sent token is invalid') };
    }
    const presented: PresentedToken = {
      scopes: [...token.scopes],
      type: token.owner ? 'CODE' : 'CLIENT-CREDENTIAL',
      ...(token.owner && { userId: token.owner.userId }),
      ...(token.owner?.bank && { bank: token.owner.bank }),
    };
    if (token.grant !== grant) return { ok: false, failure: unauthorized('invalid token type'), token: presented };
    if (!token.scopes.includes(scope))
      return { ok: false, failure: unauthorized('insufficient scope'), token: presented };
    return { ok: true, token: presented };
  }
}

export type TokenOutcome =
  { readonly ok: true; readonly result: TokenResult } | { readonly ok: false; readonly failure: Failure };

export interface TokenRequest {
  readonly authorization: string | undefined;
  readonly body: RequestBody;
  readonly now: number;
}

interface GrantContext {
  readonly fields: Record<string, unknown>;
  readonly settings: SandboxSettings;
  readonly store: TokenStore;
  /** The authorization codes of the consent flows. */
  readonly codes: ConsentBook | undefined;
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

/**
 * The refresh grant (wire facts §2.5): `token_type` `CLIENT-CREDENTIAL` or `CODE`; a CODE token also
 * needs `auth_type: SMS` (SMS tokens) or its `bank` (web tokens).
 */
function refreshToken({ fields, settings, store, now }: GrantContext): TokenOutcome {
  const tokenType = fields['token_type'];
  if (tokenType !== 'CLIENT-CREDENTIAL' && tokenType !== 'CODE') return rejected('invalid token_type');
  const token = fields['refresh_token'];
  if (typeof token !== 'string' || token === '') return rejected('refresh_token is required');
  const accepts = (owner: TokenOwner | null): boolean => {
    if (tokenType === 'CLIENT-CREDENTIAL') return owner === null;
    if (!owner) return false;
    return owner.authType === 'SMS'
      ? fields['auth_type'] === 'SMS'
      : fields['auth_type'] === undefined && fields['bank'] === owner.bank;
  };
  const result = store.renew(token, accepts, now, settings.tokenLifetimeMs, settings.clientId);
  return result ? { ok: true, result } : rejected('invalid refresh token');
}

/**
 * The authorization-code grant (wire facts §2.3–2.4): a code from the OTP check (with `auth_type:
 * SMS`) or from the login page (with its `bank`), and the `redirect_uri` it was asked with.
 */
function authorizationCode({ fields, settings, store, codes, now }: GrantContext): TokenOutcome {
  const code = fields['code'];
  if (typeof code !== 'string' || code === '' || !codes) return rejected('invalid code');
  const grant = codes.redeem(
    code,
    { redirectUri: fields['redirect_uri'], authType: fields['auth_type'], bank: fields['bank'] },
    now,
  );
  if (!grant) return rejected('invalid code');
  const owner: TokenOwner = { userId: grant.userId, authType: grant.authType, bank: grant.bank };
  const kind: Grant = grant.authType === 'SMS' ? 'authorization_sms' : 'authorization_code';
  return { ok: true, result: store.issue(kind, grant.scopes, now, settings.tokenLifetimeMs, owner, settings.clientId) };
}

/** Grants the sandbox issues, by `grant_type`. */
const GRANTS: Readonly<Record<string, GrantHandler>> = {
  client_credentials: clientCredentials,
  refresh_token: refreshToken,
  authorization_code: authorizationCode,
};

/** Whether an `Authorization` header carries the client's Basic credentials. */
export function isClientAuthorization(header: string | undefined, settings: SandboxSettings): boolean {
  const client = basicCredentials(header);
  return client !== undefined && client.id === settings.clientId && client.secret === settings.clientSecret;
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const encoded = /^Basic\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (encoded === undefined) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export interface RevokeRequest {
  readonly authorization: string | undefined;
  /** The client named in the path. */
  readonly clientId: string;
  readonly body: RequestBody;
  readonly now: number;
}

export type RevokeOutcome = { readonly ok: true } | { readonly ok: false; readonly failure: Failure };

/**
 * `DELETE /dev/v2/clients/{clientId}/token` (wire facts §2.7): a client-credentials Bearer token (of any
 * scope: the documentation names none), and a JSON body with the `token`, its `token_type` (`CODE` or
 * `CLIENT-CREDENTIAL`) and, for a CODE token, `auth_type: SMS` (SMS tokens) or its `bank` (web tokens).
 * Designed: a token this client never received, or described as another kind, is 400 `invalid token`.
 */
export function handleRevokeRequest(
  request: RevokeRequest,
  settings: SandboxSettings,
  store: TokenStore,
): RevokeOutcome {
  if (request.clientId !== settings.clientId) return { ok: false, failure: unauthorized('client not found') };
  if (!store.isClientToken(request.authorization, request.now))
    return { ok: false, failure: unauthorized('the sent token is invalid') };
  const fields = jsonObject(request.body);
  if (!fields) return { ok: false, failure: validationError('invalid body') };
  const token = fields['token'];
  const tokenType = fields['token_type'];
  if (typeof token !== 'string' || token === '') return { ok: false, failure: validationError('token is required') };
  if (tokenType !== 'CODE' && tokenType !== 'CLIENT-CREDENTIAL')
    return { ok: false, failure: validationError('invalid token_type') };
  const matches = (grant: Grant, owner: TokenOwner | null): boolean => {
    if (tokenType === 'CLIENT-CREDENTIAL') return grant === 'client_credentials';
    if (!owner) return false;
    return owner.authType === 'SMS'
      ? fields['auth_type'] === 'SMS'
      : fields['auth_type'] === undefined && fields['bank'] === owner.bank;
  };
  return store.revoke(token, matches) ? { ok: true } : { ok: false, failure: validationError('invalid token') };
}

export function handleTokenRequest(
  request: TokenRequest,
  settings: SandboxSettings,
  store: TokenStore,
  codes?: ConsentBook,
): TokenOutcome {
  if (!isClientAuthorization(request.authorization, settings)) {
    return { ok: false, failure: unauthorized('invalid client credentials') };
  }
  const fields = jsonObject(request.body);
  if (!fields) return rejected('invalid body');
  const grantType = fields['grant_type'];
  const grant = typeof grantType === 'string' && Object.hasOwn(GRANTS, grantType) ? GRANTS[grantType] : undefined;
  if (!grant) return rejected('unsupported grant_type');
  return grant({ fields, settings, store, codes, now: request.now });
}
