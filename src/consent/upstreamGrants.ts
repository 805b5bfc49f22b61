/**
 * The upstream calls of the user grants (wire facts §2.3–2.5, §2.7): the SMS OTP request and its
 * verification, the authorization URL of the web grant, the code-for-token exchange, the refresh, and
 * the revocation of a user token. All go through the OAuth endpoint the token broker uses: one pooled
 * transport, Basic credentials (the revocation: a client-credentials Bearer token).
 */
import { z } from 'zod';
import { isUpstreamError } from '../errors.js';
import { decodeLabelled, malformedAnswer, record, text } from '../datasources/shared/shapes.js';
import { errorFromAnswer } from '../datasources/upstream/errorMapping.js';
import { AUTHORIZE_PATH, REVOKE_TOKEN_PATH, VERIFY_SMS_PATH } from '../datasources/upstream/operations.js';
import type { IssuedToken, OAuthEndpoint } from '../datasources/upstream/tokenBroker.js';
import type { ConsentRecord } from './types.js';

export type OtpRequest =
  | { readonly kind: 'sent'; readonly trackId: string }
  | { readonly kind: 'refused'; readonly upstreamCode: string | null };
export type OtpCheck =
  { readonly kind: 'code'; readonly code: string } | { readonly kind: 'invalid' } | { readonly kind: 'expired' };
export type TokenGrant =
  | { readonly kind: 'issued'; readonly token: IssuedToken }
  | { readonly kind: 'refused'; readonly upstreamCode: string | null };

export type Revocation =
  { readonly kind: 'revoked' } | { readonly kind: 'refused'; readonly upstreamCode: string | null };

/** The client-credentials token the revocation is sent with, from the token broker. */
export interface ClientToken {
  token(): Promise<string>;
  /** The upstream rejected `rejected`: a new one. */
  renew(rejected: string): Promise<string>;
}

/** The grant-specific part of a token or refresh request: `auth_type: SMS`, or the bank of a web grant. */
type GrantFlavour = Pick<ConsentRecord, 'grant' | 'bank'>;

/**
 * `authorize` with `auth_type: SMS`: the OTP's trackId. Only a JSON `false` in `smsSent` says no SMS
 * went out; anything else, or none, counts as sent.
 */
const OtpRequestAnswer = record({
  smsSent: z
    .unknown()
    .optional()
    .transform((value) => value !== false),
  trackId: text,
});

/** `verifySms`: the authorization code. */
const OtpCheckAnswer = record({ code: text });

/** A validation refusal of the upstream (HTTP 400 or 422, or a FAILED envelope within a 2xx answer). */
const isRefusal = (failure: { readonly httpStatus?: number | undefined; readonly within2xx?: boolean | undefined }) =>
  failure.httpStatus === 400 || failure.httpStatus === 422 || failure.within2xx === true;

export class UpstreamGrants {
  constructor(
    private readonly endpoint: OAuthEndpoint,
    private readonly redirectUri: string,
    private readonly clientToken?: ClientToken,
  ) {}

  /** Step 1 of the SMS grant: the upstream texts the person an OTP and answers a trackId for it. */
  async requestOtp(input: { mobile: string; scopes: readonly string[]; state: string }): Promise<OtpRequest> {
    const answer = await this.endpoint.send('authorize', 'GET', AUTHORIZE_PATH, {
      query: {
        client_id: this.endpoint.clientId,
        response_type: 'code',
        redirect_uri: this.redirectUri,
        scope: input.scopes.join(','),
        mobile: input.mobile,
        auth_type: 'SMS',
        state: input.state,
      },
    });
    if (answer.kind === 'failure') {
      if (isRefusal(answer)) return { kind: 'refused', upstreamCode: answer.upstreamCode ?? null };
      throw errorFromAnswer('authorize', answer, '', false);
    }
    const received = { result: answer.result, trackId: answer.trackId ?? '' };
    const { smsSent, trackId } = decodeLabelled('authorize', received, OtpRequestAnswer);
    if (!smsSent) return { kind: 'refused', upstreamCode: null };
    if (!trackId) throw malformedAnswer('authorize', received, 'OTP trackId');
    return { kind: 'sent', trackId };
  }

  /** Step 2 of the SMS grant: the OTP the person typed, for an authorization code. */
  async verifyOtp(input: { mobile: string; otp: string; nationalId: string; trackId: string }): Promise<OtpCheck> {
    const answer = await this.endpoint.send('verifySms', 'POST', VERIFY_SMS_PATH, {
      body: { mobile: input.mobile, otp: input.otp, nid: input.nationalId, trackId: input.trackId },
    });
    if (answer.kind === 'failure') {
      // 400 "Expiration time is exceeded" after 3 minutes; 404 for an OTP trackId the upstream no longer knows.
      if (answer.httpStatus === 404 || (isRefusal(answer) && /expir/i.test(answer.message ?? '')))
        return { kind: 'expired' };
      if (isRefusal(answer)) return { kind: 'invalid' };
      throw errorFromAnswer('verifySms', answer, '', true);
    }
    const received = { result: answer.result, trackId: answer.trackId ?? '' };
    const { code } = decodeLabelled('verifySms', received, OtpCheckAnswer);
    if (!code) throw malformedAnswer('verifySms', received, 'authorization code');
    return { kind: 'code', code };
  }

  /** Where to send the person's browser for the web grant; nothing is called. */
  authorizeUrl(input: { scopes: readonly string[]; bank: string; state: string }): string {
    const query = new URLSearchParams({
      client_id: this.endpoint.clientId,
      response_type: 'code',
      redirect_uri: this.redirectUri,
      scope: input.scopes.join(','),
      bank: input.bank,
      state: input.state,
    });
    return `${this.endpoint.baseUrl}${AUTHORIZE_PATH}?${query.toString()}`;
  }

  /** Step 3 of both grants: the authorization code for the user's tokens. */
  exchangeCode(consent: GrantFlavour, code: string): Promise<TokenGrant> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: this.redirectUri, ...flavour(consent) });
  }

  /** New tokens for a refresh token (a CODE token: `token_type: CODE`). */
  refresh(consent: GrantFlavour, refreshToken: string): Promise<TokenGrant> {
    return this.token({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      token_type: 'CODE',
      ...flavour(consent),
    });
  }

  /**
   * Revokes a user's access token upstream (`DELETE /dev/v2/clients/{clientId}/token`, wire facts §2.7),
   * with the grant's `auth_type: SMS` or `bank`. A validation refusal (an unknown, expired or already
   * revoked token) is `refused`; a call that fails otherwise throws an UpstreamError. Sent at most twice:
   * again only when the client token itself was rejected (401), never after a timeout.
   */
  async revoke(consent: GrantFlavour, accessToken: string): Promise<Revocation> {
    if (!this.clientToken) throw new Error('no client-credentials token source to revoke user tokens with');
    const path = REVOKE_TOKEN_PATH.replace('{clientId}', encodeURIComponent(this.endpoint.clientId));
    const body = { token: accessToken, token_type: 'CODE', ...flavour(consent) };
    let bearer = await this.clientToken.token();
    let answer = await this.endpoint.send('revokeToken', 'DELETE', path, { body, bearer });
    if (answer.kind === 'failure' && answer.httpStatus === 401) {
      bearer = await this.clientToken.renew(bearer);
      answer = await this.endpoint.send('revokeToken', 'DELETE', path, { body, bearer });
    }
    if (answer.kind === 'success') return { kind: 'revoked' };
    if (isRefusal(answer)) return { kind: 'refused', upstreamCode: answer.upstreamCode ?? null };
    throw errorFromAnswer('revokeToken', answer, '', false);
  }

  private async token(body: Record<string, string>): Promise<TokenGrant> {
    try {
      return { kind: 'issued', token: await this.endpoint.token(body) };
    } catch (error) {
      if (isUpstreamError(error) && isRefusal(error.details)) {
        return { kind: 'refused', upstreamCode: error.details.upstreamCode ?? null };
      }
      throw error;
    }
  }
}

function flavour(consent: GrantFlavour): Record<string, string> {
  return consent.grant === 'authorization_sms' ? { auth_type: 'SMS' } : { bank: consent.bank ?? '' };
}
