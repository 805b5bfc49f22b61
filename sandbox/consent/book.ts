/**
 * The sandbox's user-grant state (wire facts §2.3–2.4): OTPs "sent" by SMS, and the authorization
 * codes handed out by the OTP check and by the login page. The sandbox sends no SMS: every OTP is
 * SANDBOX_OTP, and it expires like the real one.
 */
import { randomBytes, randomUUID } from 'node:crypto';

/** The one-time code of every sandbox SMS consent. */
export const SANDBOX_OTP = '12345';

/** How long an authorization code may wait for its token request. */
const CODE_LIFETIME_MS = 10 * 60_000;

/** Wrong codes one OTP accepts before it is spent. */
const MAX_OTP_ATTEMPTS = 5;

interface PendingOtp {
  readonly mobile: string;
  readonly scopes: readonly string[];
  readonly redirectUri: string;
  readonly expiresAt: number;
  failedAttempts: number;
}

/** What an authorization code stands for. */
export interface CodeGrant {
  readonly userId: string;
  readonly scopes: readonly string[];
  readonly redirectUri: string;
  /** `SMS` for a code from the OTP check; null for a code from the login page. */
  readonly authType: 'SMS' | null;
  /** The bank of a login-page code; null for SMS. */
  readonly bank: string | null;
  readonly expiresAt: number;
}

export type OtpCheck = { readonly ok: true; readonly code: string } | { readonly ok: false; readonly expired: boolean };

export class ConsentBook {
  private readonly otps = new Map<string, PendingOtp>();
  private readonly codes = new Map<string, CodeGrant>();

  /** Records an OTP "sent" to `mobile`; answers its trackId. */
  sendOtp(
    input: { mobile: string; scopes: readonly string[]; redirectUri: string },
    now: number,
    lifetimeMs: number,
  ): string {
    const trackId = randomUUID();
    this.otps.set(trackId, { ...input, expiresAt: now + lifetimeMs, failedAttempts: 0 });
    return trackId;
  }

  /** Checks an OTP; a right one is spent and becomes an authorization code for `nid`. */
  verifyOtp(input: { mobile: string; otp: string; nid: string; trackId: string }, now: number): OtpCheck {
    const pending = this.otps.get(input.trackId);
    if (!pending || pending.mobile !== input.mobile) return { ok: false, expired: false };
    if (now >= pending.expiresAt) {
      this.otps.delete(input.trackId);
      return { ok: false, expired: true };
    }
    if (input.otp !== SANDBOX_OTP) {
      pending.failedAttempts += 1;
      if (pending.failedAttempts >= MAX_OTP_ATTEMPTS) this.otps.delete(input.trackId);
      return { ok: false, expired: false };
    }
    this.otps.delete(input.trackId);
    return {
      ok: true,
      code: this.issueCode(
        { userId: input.nid, scopes: pending.scopes, redirectUri: pending.redirectUri, authType: 'SMS', bank: null },
        now,
      ),
    };
  }

  /** A new single-use authorization code (16 characters, like the upstream's). */
  issueCode(grant: Omit<CodeGrant, 'expiresAt'>, now: number): string {
    const code = randomBytes(12).toString('base64url');
    this.codes.set(code, { ...grant, expiresAt: now + CODE_LIFETIME_MS });
    return code;
  }

  /**
   * Spends a code for a token request; null when it is unknown, spent, stale, or asked for with
   * another redirect URI, auth type or bank than it was issued with.
   */
  redeem(
    code: string,
    request: { redirectUri: unknown; authType: unknown; bank: unknown },
    now: number,
  ): CodeGrant | null {
    const grant = this.codes.get(code);
    if (!grant) return null;
    this.codes.delete(code);
    if (now >= grant.expiresAt || request.redirectUri !== grant.redirectUri) return null;
    if (
      grant.authType === 'SMS'
        ? request.authType !== 'SMS'
        : request.authType !== undefined || request.bank !== grant.bank
    )
      return null;
    return grant;
  }
}
