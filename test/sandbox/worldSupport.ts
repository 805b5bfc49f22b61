/** Helpers of the tests of the person, card, account and postal operations. */
import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import { AUTHORIZE_PATH, operation, type OperationId } from '../../src/datasources/upstream/operations.js';
import { SANDBOX_OTP, startSandbox, type Sandbox } from '../../sandbox/index.js';
import { browserLogin } from '../consent/support.js';
import { basicAuth, issueToken, resultOf, type Json, type JsonResponse } from './support.js';

export const WORLD_OPERATIONS = [
  'mpgCardInformationGet',
  'facilityCardToIbanGet',
  'facilityCardToDepositGet',
  'facilityDepositToIbanGet',
  'oakIbanInquiryGet',
  'facilityDepositInfoGet',
  'facilityGetAccountInfoGet',
  'facilityBanksInfoGet',
  'facilityCcNidInquiryGet',
  'facilitySmsNidInquiryGet',
  'kycIdentificationInquiryGet',
  'facilityCcNidVerificationGet',
  'kycSmsNidVerificationGet',
  'kycIbanOwnerVerificationGet',
  'kycIbanOwnerBirthdateVerificationGet',
  'facilityDepositOwnerVerificationGet',
  'kycMilitaryInquiryGet',
  'kycDeathStatusInquiryGet',
  'facilityShahkarVerifyGet',
  'kycMobileCardVerificationPost',
  'kycCardOwnerVerificationPost',
  'oakShahabInquiryGet',
  'oakSmsShahabInquiryGet',
  'oakBlacklistInquiryGet',
  'kycPassportInquiryPost',
  'kycCcSanaInquiryGet',
  'ecityPostalCodeGet',
  'ecityPostalCodeCoordinatesGet',
  'ecityParcelTrackingGet',
] as const satisfies readonly OperationId[];

export type WorldOperation = (typeof WORLD_OPERATIONS)[number];

const scopesOf = (grant: 'client_credentials' | 'authorization_sms') => [
  ...new Set(WORLD_OPERATIONS.filter((id) => operation(id).grant === grant).map((id) => operation(id).scope)),
];

/** A client-credentials token for every world operation under that grant. */
export const issueWorldToken = async (sandbox: Sandbox): Promise<string> =>
  (await issueToken(sandbox, scopesOf('client_credentials'))).value;

/**
 * An SMS-grant token of `nid` for the world's SMS operations (facilitySmsNidInquiryGet,
 * kycSmsNidVerificationGet, oakSmsShahabInquiryGet), straight from the sandbox's OTP endpoints.
 */
export async function issueSmsToken(
  sandbox: Sandbox,
  nid: string,
  scopes: readonly string[] = scopesOf('authorization_sms'),
): Promise<string> {
  const { clientId, clientSecret } = sandbox.options;
  const headers = { authorization: basicAuth(clientId, clientSecret), 'content-type': 'application/json' };
  const redirectUri = 'https://app.example/cb';
  const mobile = '09121234567';
  const authorize = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: scopes.join(','),
    mobile,
    auth_type: 'SMS',
  });
  const post = async (path: string, body: unknown) =>
    (await (await fetch(`${sandbox.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as {
      result: Record<string, string>;
    };
  const sent = (await (await fetch(`${sandbox.url}/dev/v2/oauth2/authorize?${authorize}`, { headers })).json()) as {
    result: { trackId: string };
  };
  const { code } = (
    await post('/dev/v2/oauth2/verify/sms', { mobile, otp: SANDBOX_OTP, nid, trackId: sent.result.trackId })
  ).result;
  const token = await post('/dev/v2/oauth2/token', {
    grant_type: 'authorization_code',
    code,
    auth_type: 'SMS',
    redirect_uri: redirectUri,
  });
  const value = token.result['value'];
  if (!value) throw new Error(`no SMS token for ${nid}: ${JSON.stringify(token)}`);
  return value;
}

export interface WorldCall {
  path?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: unknown;
}

/** Calls an operation, filling its path parameters (`card`, `nid`) from `path`. */
export async function callWorld(
  sandbox: Sandbox,
  token: string,
  id: OperationId,
  call: WorldCall = {},
): Promise<JsonResponse> {
  const spec = operation(id);
  const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(name === 'clientId' ? sandbox.options.clientId : (call.path?.[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) search.set(name, value);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${sandbox.url}${path}?${search.toString()}`, {
    method: spec.method,
    headers,
    ...(call.body !== undefined ? { body: typeof call.body === 'string' ? call.body : JSON.stringify(call.body) } : {}),
  });
  return { status: response.status, body: JSON.parse(await response.text()) as Json };
}

/** The JSON type of every key: 'string', 'number', 'boolean', 'null', 'array' or 'object'. */
export function shapeOf(value: Json): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v]),
  );
}

/** Check digit of a national id, computed here independently of the sandbox. */
function nationalIdCheck(nine: string): number {
  let s = 0;
  for (let i = 0; i < 9; i++) s += Number(nine[i]) * (10 - i);
  const r = s % 11;
  return r < 2 ? r : 11 - r;
}

/** Valid national ids, from the whole id space. */
export const nationalIdArbitrary = fc
  .integer({ min: 0, max: 999_999_999 })
  .map((n) => {
    const nine = String(n).padStart(9, '0');
    return nine + String(nationalIdCheck(nine));
  })
  .filter((nid) => !/^(\d)\1{9}$/.test(nid));

/** ISO 13616 check over an `IR` IBAN, with BigInt, independent of the sandbox. */
export const ibanMod97 = (iban: string): bigint => BigInt(`${iban.slice(4)}1827${iban.slice(2, 4)}`) % 97n;

/** Luhn over all digits, independent of the sandbox. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((ch, i) => {
    let d = Number(ch);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  });
  return sum % 10 === 0;
}

/** The account number with the `/` separators depositToIban wants (Pasargad keeps its own format). */
export const forDepositToIban = (deposit: string, bankCode: string): string =>
  bankCode === '057' ? deposit : deposit.replace(/[.-]/g, '/');

/**
 * Starts a sandbox for the file's tests with a client-credentials token of every world scope, closes it
 * after them, and gives `call` / `result` for its operations.
 */
export function useWorldSandbox(): {
  sandbox: () => Sandbox;
  call: (id: OperationId, request?: WorldCall) => Promise<JsonResponse>;
  result: (id: OperationId, request?: WorldCall) => Promise<Json>;
} {
  let sandbox: Sandbox | undefined;
  let token = '';
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    token = await issueWorldToken(sandbox);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  const current = () => sandbox ?? expect.fail('the world sandbox is not started');
  const call = (id: OperationId, request: WorldCall = {}) => callWorld(current(), token, id, request);
  return { sandbox: current, call, result: async (id, request) => resultOf(await call(id, request)) };
}

/**
 * An authorization-code (web) token of `nid` at `bank`, through the sandbox's login page as a
 * browser would go: authorize, log in (the sandbox's password is the national id), exchange the code.
 */
export async function issueCodeToken(
  sandbox: Sandbox,
  nid: string,
  bank: string,
  scopes: readonly string[],
): Promise<string> {
  const { clientId, clientSecret } = sandbox.options;
  const redirectUri = 'https://app.example/cb';
  const authorize = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: scopes.join(','),
    bank,
    state: 's',
  });
  const login = await browserLogin(`${sandbox.url}${AUTHORIZE_PATH}?${authorize.toString()}`, {
    nid,
    password: nid,
    decision: 'allow',
  });
  const code = login.location?.searchParams.get('code');
  if (!code) throw new Error(`no authorization code for ${nid}`);
  const token = (await (
    await fetch(`${sandbox.url}/dev/v2/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basicAuth(clientId, clientSecret), 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', code, bank, redirect_uri: redirectUri }),
    })
  ).json()) as { result?: { value?: string } };
  const value = token.result?.value;
  if (!value) throw new Error(`no code token for ${nid}: ${JSON.stringify(token)}`);
  return value;
}
