/**
 * Consents: started for a person, completed with the OTP or the authorization code, then held
 * server-side under an opaque handle with the upstream tokens, the granted scopes and the expiry.
 * Callers only ever see the handle and a description; the tokens stay here.
 */
import type { Logger } from '../logger.js';
import type { UserCredentials, UserTokenNeed } from '../datasources/upstream/client.js';
import { BadUserInputError } from '../errors.js';
import { consentForbidden, consentRequired, consentUnauthenticated } from '../errors.js';
import { maskMobile, newHandle, newId, storeKey } from './secrets.js';
import type { ActiveConsent, ConsentGrant, ConsentRecord, ConsentStore, ConsentView, PendingConsent } from './types.js';
import type { OtpCheck, TokenGrant, UpstreamGrants } from './upstreamGrants.js';
import { tokenRenewals } from '../observability/metrics.js';
import { systemClock, type Clock } from '../lib/clock.js';

export interface ConsentServiceOptions {
  readonly store: ConsentStore;
  readonly grants: UpstreamGrants;
  readonly logger: Logger;
  /** How long an SMS consent waits for its OTP: the OTP's own lifetime, 3 minutes upstream. */
  readonly smsPendingMs: number;
  /** How long a code consent waits for its authorization code. */
  readonly codePendingMs: number;
  /** A user token is refreshed this long before it expires. */
  readonly refreshMarginMs: number;
  /** Wrong OTPs accepted before the consent is dropped; default 5. */
  readonly maxOtpAttempts?: number;
  readonly clock?: Clock;
}

export type StartSmsOutcome =
  | { readonly kind: 'challenge'; readonly consentId: string; readonly mobile: string; readonly expiresAt: number }
  | { readonly kind: 'refused'; readonly upstreamCode: string | null };

export interface CodeChallenge {
  readonly kind: 'challenge';
  readonly consentId: string;
  readonly authorizeUrl: string;
  readonly state: string;
  readonly expiresAt: number;
}

type Granted = { readonly kind: 'granted'; readonly handle: string; readonly consent: ConsentView };
type Expired = { readonly kind: 'expired' };
type Refused = { readonly kind: 'refused'; readonly upstreamCode: string | null };

export type CompleteSmsOutcome =
  Granted | Expired | Refused | { readonly kind: 'invalidOtp'; readonly attemptsLeft: number };
export type CompleteCodeOutcome = Granted | Expired | Refused | { readonly kind: 'invalidCode' };
export type CompleteOutcome = CompleteSmsOutcome | CompleteCodeOutcome;

const EXPIRED: Expired = { kind: 'expired' };

export class ConsentService {
  private readonly clock: Clock;
  private readonly maxOtpAttempts: number;
  /** One token refresh in flight per consent (per process). */
  private readonly refreshing = new Map<string, Promise<string>>();

  constructor(private readonly options: ConsentServiceOptions) {
    this.clock = options.clock ?? systemClock;
    this.maxOtpAttempts = options.maxOtpAttempts ?? 5;
  }

  // --- the SMS grant -------------------------------------------------------------------------------

  async startSms(input: { nationalId: string; mobile: string; scopes: readonly string[] }): Promise<StartSmsOutcome> {
    // No OTP is texted for a consent that could not be kept.
    await this.options.store.ping?.();
    const requestedAt = this.clock.now();
    const consentId = newId();
    const oauthState = newId();
    const sent = await this.options.grants.requestOtp({
      mobile: input.mobile,
      scopes: input.scopes,
      state: oauthState,
    });
    if (sent.kind === 'refused') {
      this.options.logger.info({ upstreamCode: sent.upstreamCode }, 'upstream refused to send a consent OTP');
      return sent;
    }
    const expiresAt = requestedAt + this.options.smsPendingMs;
    await this.options.store.create(
      storeKey('pending', consentId),
      this.pendingRecord(
        consentId,
        'authorization_sms',
        input,
        { otpTrackId: sent.trackId, oauthState, expiresAt },
        requestedAt,
      ),
      this.options.smsPendingMs,
    );
    this.options.logger.info({ consentId, grant: 'authorization_sms' }, 'consent started');
    return { kind: 'challenge', consentId, mobile: maskMobile(input.mobile), expiresAt };
  }

  async completeSms(input: { consentId: string; otp: string }): Promise<CompleteSmsOutcome> {
    const key = storeKey('pending', input.consentId);
    const record = await this.pending(key, 'authorization_sms');
    if (!record) return EXPIRED;
    // Claimed before the upstream sees the OTP: of concurrent completions one verifies it (and counts a
    // wrong one), the others find the consent no longer pending. A claim that did not end in a code is put back.
    if (!(await this.options.store.delete(key))) return EXPIRED;
    const state = record.state as PendingConsent;
    let check: OtpCheck;
    try {
      check = await this.options.grants.verifyOtp({
        mobile: record.mobile ?? '',
        otp: input.otp,
        nationalId: record.nationalId,
        trackId: state.otpTrackId ?? '',
      });
    } catch (error) {
      await this.putBack(key, record, state);
      throw error;
    }
    if (check.kind === 'expired') return EXPIRED;
    if (check.kind === 'invalid') {
      const failedAttempts = state.failedAttempts + 1;
      const attemptsLeft = Math.max(0, this.maxOtpAttempts - failedAttempts);
      if (attemptsLeft > 0)
        await this.putBack(key, { ...record, state: { ...state, failedAttempts }, updatedAt: this.clock.now() }, state);
      this.options.logger.info({ consentId: record.id, attemptsLeft }, 'consent OTP rejected');
      return { kind: 'invalidOtp', attemptsLeft };
    }
    return this.activate(record, await this.options.grants.exchangeCode(record, check.code));
  }

  // --- the authorization-code (web) grant ----------------------------------------------------------

  async startCode(input: { nationalId: string; bank: string; scopes: readonly string[] }): Promise<CodeChallenge> {
    const now = this.clock.now();
    const consentId = newId();
    const oauthState = newId();
    const expiresAt = now + this.options.codePendingMs;
    await this.options.store.create(
      storeKey('pending', consentId),
      this.pendingRecord(consentId, 'authorization_code', input, { otpTrackId: null, oauthState, expiresAt }, now),
      this.options.codePendingMs,
    );
    this.options.logger.info({ consentId, grant: 'authorization_code' }, 'consent started');
    const authorizeUrl = this.options.grants.authorizeUrl({
      scopes: input.scopes,
      bank: input.bank,
      state: oauthState,
    });
    return { kind: 'challenge', consentId, authorizeUrl, state: oauthState, expiresAt };
  }

  /** `state`, when given, must be the one the authorization page echoed back with the code. */
  async completeCode(input: { consentId: string; code: string; state?: string | null }): Promise<CompleteCodeOutcome> {
    const key = storeKey('pending', input.consentId);
    const record = await this.pending(key, 'authorization_code');
    if (!record) return EXPIRED;
    const state = record.state as Extract<ConsentRecord['state'], { status: 'PENDING' }>;
    if (input.state !== undefined && input.state !== null && input.state !== state.oauthState) {
      throw new BadUserInputError('input.state', 'not the state this consent sent to the authorization page');
    }
    if (!(await this.options.store.delete(key))) return EXPIRED;
    const outcome = await this.activate(record, await this.options.grants.exchangeCode(record, input.code));
    // For the web grant, a refused exchange means the code was wrong, spent or stale.
    return outcome.kind === 'refused' ? { kind: 'invalidCode' } : outcome;
  }

  // --- using a consent -----------------------------------------------------------------------------

  /** The description of the consent behind `handle`; UNAUTHENTICATED when there is none. */
  async describe(handle: string): Promise<ConsentView> {
    return view(await this.active(handle));
  }

  /**
   * Forgets the consent behind `handle`, then revokes its access token upstream; UNAUTHENTICATED when
   * there is none. Forgotten first, so that whatever happens upstream the handle no longer works here; a
   * revocation that fails upstream is logged (that token is then known to nobody and lives until it expires).
   */
  async revoke(handle: string): Promise<ConsentView> {
    const record = await this.active(handle);
    // Of concurrent revocations (on any replica), the one that removed the record revokes upstream.
    if (!(await this.options.store.delete(storeKey('active', handle)))) throw consentUnauthenticated();
    this.options.logger.info({ consentId: record.id }, 'consent revoked');
    await this.revokeUpstream(record, (record.state as ActiveConsent).accessToken);
    return view(record);
  }

  /** The user token for `need`, after checking the consent covers it; refreshed when close to expiry. */
  tokenFor(handle: string, need: UserTokenNeed): Promise<string> {
    return this.tokenAt(storeKey('active', handle), need);
  }

  /** The upstream rejected `rejected`: renew it with the refresh grant (once, however many ask). */
  renewFor(handle: string, rejected: string): Promise<string> {
    return this.refreshed(storeKey('active', handle), rejected);
  }

  /**
   * The consent stored under `key` (a consent's `key`, the digest of its handle, never the handle) as
   * user credentials: for work that outlives the request that presented the handle (a job polled
   * under the person's consent). The same checks as through the handle; UNAUTHENTICATED once the
   * consent is revoked or expired.
   */
  credentialsAt(key: string): UserCredentials {
    return {
      key,
      token: (need) => this.tokenAt(key, need),
      renew: (rejected) => this.refreshed(key, rejected),
    };
  }

  private async tokenAt(key: string, need: UserTokenNeed): Promise<string> {
    const record = await this.activeAt(key);
    if (record.grant !== need.grant || !record.grantedScopes.includes(need.scope))
      throw consentRequired(need.scope, need.grant);
    if (record.nationalId !== need.subject) {
      throw consentForbidden('The consent was granted for another person than the one this field is about.');
    }
    const state = record.state as ActiveConsent;
    if (this.clock.now() < state.expiresAt - this.options.refreshMarginMs) return state.accessToken;
    return this.refreshed(key, undefined);
  }

  // --- internals -----------------------------------------------------------------------------------

  /** Revokes `accessToken` of `record` upstream; a failure is logged, never thrown. */
  private async revokeUpstream(record: ConsentRecord, accessToken: string): Promise<void> {
    try {
      const outcome = await this.options.grants.revoke(record, accessToken);
      if (outcome.kind === 'revoked')
        this.options.logger.info({ consentId: record.id }, 'consent token revoked upstream');
      else
        this.options.logger.info(
          { consentId: record.id, upstreamCode: outcome.upstreamCode },
          'upstream refused to revoke a consent token (no longer valid there)',
        );
    } catch (error) {
      this.options.logger.warn(
        { consentId: record.id, err: error instanceof Error ? error.message : String(error) },
        'revoking a consent token upstream failed; it stays valid there until it expires',
      );
    }
  }

  private pendingRecord(
    id: string,
    grant: ConsentGrant,
    input: { nationalId: string; mobile?: string; bank?: string; scopes: readonly string[] },
    pending: { otpTrackId: string | null; oauthState: string; expiresAt: number },
    now: number,
  ): ConsentRecord {
    return {
      id,
      nationalId: input.nationalId,
      mobile: input.mobile ?? null,
      grant,
      bank: input.bank ?? null,
      requestedScopes: [...input.scopes],
      grantedScopes: [],
      state: { status: 'PENDING', ...pending, failedAttempts: 0 },
      createdAt: now,
      updatedAt: now,
    };
  }

  /** Returns a claimed pending consent to the store for the rest of its time, if any is left. */
  private async putBack(key: string, record: ConsentRecord, pending: PendingConsent): Promise<void> {
    const ttl = pending.expiresAt - this.clock.now();
    if (ttl > 0) await this.options.store.create(key, record, ttl);
  }

  /** A pending consent of `grant` still within its time, else null (and forgotten when expired). */
  private async pending(key: string, grant: ConsentGrant): Promise<ConsentRecord | null> {
    const record = await this.options.store.get(key);
    if (!record || record.grant !== grant || record.state.status !== 'PENDING') return null;
    if (this.clock.now() >= record.state.expiresAt) {
      await this.options.store.delete(key);
      return null;
    }
    return record;
  }

  /** Turns a redeemed code into an active consent under a new handle. */
  private async activate(record: ConsentRecord, grant: TokenGrant): Promise<Granted | Expired | Refused> {
    if (grant.kind === 'refused') {
      this.options.logger.info(
        { consentId: record.id, upstreamCode: grant.upstreamCode },
        'upstream refused the authorization code',
      );
      return grant;
    }
    const { token } = grant;
    // Fail closed: a token that does not say it acts for this person never becomes a consent.
    if (token.userId !== record.nationalId) {
      this.options.logger.warn({ consentId: record.id }, 'upstream granted the consent for another person; dropped');
      throw consentForbidden('The person who confirmed the consent is not the one it was started for.');
    }
    const now = this.clock.now();
    const ttl = token.expiresAt - now;
    if (ttl <= 0) return EXPIRED;
    const handle = newHandle();
    const active: ConsentRecord = {
      ...record,
      grantedScopes: token.scopes ?? record.requestedScopes,
      ...(token.deposits && { accounts: token.deposits }),
      state: {
        status: 'ACTIVE',
        accessToken: token.value,
        refreshToken: token.refreshToken,
        expiresAt: token.expiresAt,
      },
      updatedAt: now,
    };
    await this.options.store.create(storeKey('active', handle), active, ttl);
    this.options.logger.info({ consentId: record.id, grant: record.grant }, 'consent granted');
    return { kind: 'granted', handle, consent: view(active) };
  }

  private active(handle: string): Promise<ConsentRecord> {
    return this.activeAt(storeKey('active', handle));
  }

  private async activeAt(key: string): Promise<ConsentRecord> {
    const record = await this.options.store.get(key);
    if (!record || record.state.status !== 'ACTIVE' || this.clock.now() >= record.state.expiresAt)
      throw consentUnauthenticated();
    return record;
  }

  /**
   * A renewed access token. `rejected` is the token the upstream refused (forced renewal); without
   * it the token is renewed because it is close to expiry, and the old one is kept if renewal fails
   * for a reason other than the upstream refusing the refresh token.
   */
  private refreshed(key: string, rejected: string | undefined): Promise<string> {
    const running = this.refreshing.get(key);
    if (running) return running;
    const task = this.refresh(key, rejected).finally(() => this.refreshing.delete(key));
    this.refreshing.set(key, task);
    return task;
  }

  private async refresh(key: string, rejected: string | undefined): Promise<string> {
    const record = await this.options.store.get(key);
    if (!record || record.state.status !== 'ACTIVE') throw consentUnauthenticated();
    const state = record.state;
    const now = this.clock.now();
    const stillGood = now < state.expiresAt;
    // Someone renewed it already (or it is not due yet).
    if (rejected !== undefined ? state.accessToken !== rejected : now < state.expiresAt - this.options.refreshMarginMs)
      return state.accessToken;
    if (!state.refreshToken) {
      if (rejected === undefined && stillGood) return state.accessToken;
      await this.options.store.delete(key);
      throw consentUnauthenticated('The consent can no longer be renewed; ask the person to consent again.');
    }
    let grant: TokenGrant;
    tokenRenewals.inc({ kind: 'consent', reason: rejected !== undefined ? 'rejected' : 'expiry' });
    try {
      grant = await this.options.grants.refresh(record, state.refreshToken);
    } catch (error) {
      if (rejected === undefined && stillGood) {
        this.options.logger.warn(
          { consentId: record.id, err: error instanceof Error ? error.message : String(error) },
          'consent token refresh failed; using the current token',
        );
        return state.accessToken;
      }
      throw error;
    }
    if (grant.kind === 'refused') {
      await this.options.store.delete(key);
      this.options.logger.info(
        { consentId: record.id, upstreamCode: grant.upstreamCode },
        'upstream refused to renew a consent; dropped',
      );
      throw consentUnauthenticated('The upstream no longer honours this consent; ask the person to consent again.');
    }
    const { token } = grant;
    // Fail closed as at the grant: a renewed token that does not say it acts for this person is dropped.
    if (token.userId !== record.nationalId) {
      await this.options.store.delete(key);
      this.options.logger.warn(
        { consentId: record.id },
        'upstream renewed the consent for another person or for nobody; dropped',
      );
      throw consentForbidden('The renewed consent does not act for the person who gave it; it was dropped.');
    }
    const updated: ConsentRecord = {
      ...record,
      grantedScopes: token.scopes ?? record.grantedScopes,
      ...(token.deposits && { accounts: token.deposits }),
      state: {
        status: 'ACTIVE',
        accessToken: token.value,
        refreshToken: token.refreshToken ?? state.refreshToken,
        expiresAt: token.expiresAt,
      },
      updatedAt: this.clock.now(),
    };
    if (!(await this.options.store.update(key, updated, Math.max(1, token.expiresAt - this.clock.now())))) {
      // Revoked (or expired) while it was being renewed: nobody will ever use the new token.
      await this.revokeUpstream(record, token.value);
      throw consentUnauthenticated();
    }
    this.options.logger.info({ consentId: record.id, forced: rejected !== undefined }, 'consent token renewed');
    return token.value;
  }
}

function view(record: ConsentRecord): ConsentView {
  const state = record.state as ActiveConsent;
  return {
    nationalId: record.nationalId,
    grant: record.grant,
    bank: record.bank,
    mobile: record.mobile === null ? null : maskMobile(record.mobile),
    scopes: [...record.grantedScopes],
    ...(record.accounts && { accounts: [...record.accounts] }),
    expiresAt: state.expiresAt,
    grantedAt: record.updatedAt,
  };
}
