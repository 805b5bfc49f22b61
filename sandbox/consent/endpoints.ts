/**
 * `GET|POST /dev/v2/oauth2/authorize` and `POST /dev/v2/oauth2/verify/sms` (wire facts §2.3–2.4).
 * The SMS variant of authorize (Basic auth, `auth_type=SMS`) "sends" an OTP and answers its trackId;
 * without `auth_type=SMS` it is the browser's login page, whose form post redirects to
 * `redirect_uri` with a code (sandbox rule: the password is the national id).
 */
import { operations, type Grant } from '../../src/datasources/upstream/operations.js';
import { unauthorized, validationError, type Failure } from '../envelopes.js';
import { jsonObject, type RequestBody } from '../requestBody.js';
import { isMobileFormat, isValidNationalId } from '../validation.js';
import type { SandboxSettings } from '../types.js';
import type { ConsentBook } from './book.js';
import { loginPage } from './loginPage.js';
import { html, redirect, type RawReply } from './reply.js';

export interface ConsentEndpointRequest {
  readonly method: string;
  /** Path and query as requested, for the login form's action. */
  readonly url: string;
  readonly query: Readonly<Record<string, string>>;
  readonly body: RequestBody;
  /** Whether the `Authorization` header carried the client's Basic credentials. */
  readonly clientAuthenticated: boolean;
  readonly now: number;
}

export type ConsentEndpointOutcome =
  { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly failure: Failure } | RawReply;

const SCOPES_OF: Readonly<Record<Exclude<Grant, 'client_credentials'>, ReadonlySet<string>>> = {
  authorization_sms: new Set(
    [...operations.values()].filter((spec) => spec.grant === 'authorization_sms').map((spec) => spec.scope),
  ),
  authorization_code: new Set(
    [...operations.values()].filter((spec) => spec.grant === 'authorization_code').map((spec) => spec.scope),
  ),
};

const invalid = (message: string): ConsentEndpointOutcome => ({ ok: false, failure: validationError(message) });

function isHttpUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

type AuthorizationRequest =
  | { readonly ok: true; readonly scopes: string[]; readonly redirectUri: string; readonly state: string | undefined }
  | { readonly ok: false; readonly outcome: ConsentEndpointOutcome };

/** The checks both variants share: client, response type, redirect URI, scopes of the right grant. */
function checkRequest(
  query: Readonly<Record<string, string>>,
  settings: SandboxSettings,
  grant: Exclude<Grant, 'client_credentials'>,
): AuthorizationRequest {
  const fail = (message: string): AuthorizationRequest => ({ ok: false, outcome: invalid(message) });
  if (query['client_id'] !== settings.clientId) return fail('invalid client_id');
  if (query['response_type'] !== 'code') return fail('invalid response_type');
  const redirectUri = query['redirect_uri'];
  if (!isHttpUrl(redirectUri)) return fail('invalid redirect_uri');
  const scopes = [...new Set((query['scope'] ?? '').split(','))];
  if (scopes.length === 0 || scopes.some((scope) => !SCOPES_OF[grant].has(scope))) return fail('invalid scope');
  return { ok: true, scopes, redirectUri, state: query['state'] };
}

export function authorize(
  request: ConsentEndpointRequest,
  settings: SandboxSettings,
  book: ConsentBook,
): ConsentEndpointOutcome {
  const { query } = request;
  if (query['auth_type'] === 'SMS') {
    if (request.method !== 'GET') return invalid('invalid request');
    if (!request.clientAuthenticated) return { ok: false, failure: unauthorized('invalid client credentials') };
    const checked = checkRequest(query, settings, 'authorization_sms');
    if (!checked.ok) return checked.outcome;
    const mobile = query['mobile'] ?? '';
    if (!isMobileFormat(mobile)) return invalid('invalid mobile');
    const trackId = book.sendOtp(
      { mobile, scopes: checked.scopes, redirectUri: checked.redirectUri },
      request.now,
      settings.otpLifetimeMs,
    );
    return { ok: true, result: { smsSent: true, trackId } };
  }

  const checked = checkRequest(query, settings, 'authorization_code');
  if (!checked.ok) return checked.outcome;
  const bank = query['bank'] ?? '';
  if (!/^\d{3}$/.test(bank)) return invalid('invalid bank');
  const page = (status: number, error?: string) =>
    html(
      status,
      loginPage({ action: request.url, scopes: checked.scopes, bank, ...(error !== undefined && { error }) }),
    );
  if (request.method === 'GET') return page(200);

  const form = formFields(request.body);
  const back = new URL(checked.redirectUri);
  if (checked.state !== undefined) back.searchParams.set('state', checked.state);
  if (form['decision'] === 'deny') {
    back.searchParams.set('error', 'access_denied');
    return redirect(back.toString());
  }
  // Sandbox test users: any 10-digit national id whose password is the national id itself.
  const nid = form['nid'] ?? '';
  if (!/^\d{10}$/.test(nid) || form['password'] !== nid) return page(401, 'Wrong national id or password.');
  const code = book.issueCode(
    { userId: nid, scopes: checked.scopes, redirectUri: checked.redirectUri, authType: null, bank },
    request.now,
  );
  back.searchParams.set('code', code);
  return redirect(back.toString());
}

export function verifySms(request: ConsentEndpointRequest, book: ConsentBook): ConsentEndpointOutcome {
  if (!request.clientAuthenticated) return { ok: false, failure: unauthorized('invalid client credentials') };
  const fields = jsonObject(request.body) ?? {};
  const text = (name: string) => (typeof fields[name] === 'string' ? fields[name] : '');
  const nid = text('nid');
  // The upstream answers any wrong input with the same message.
  if (!isValidNationalId(nid)) return invalid('invalid otp or mobile');
  const check = book.verifyOtp(
    { mobile: text('mobile'), otp: text('otp'), nid, trackId: text('trackId') },
    request.now,
  );
  if (!check.ok) return invalid(check.expired ? 'Expiration time is exceeded' : 'invalid otp or mobile');
  return { ok: true, result: { code: check.code } };
}

/** Fields of a form post (`application/x-www-form-urlencoded`), or of a JSON object body. */
function formFields(body: RequestBody): Record<string, string> {
  if (body.kind === 'malformed') return Object.fromEntries(new URLSearchParams(body.text));
  const json = jsonObject(body);
  if (!json) return {};
  return Object.fromEntries(
    Object.entries(json).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
