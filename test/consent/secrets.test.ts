/**
 * Upstream tokens, refresh tokens, authorization codes and the OTP never reach a caller or a log line;
 * the consent handle reaches only the caller it was made for, and no log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_OTP } from '../fixtures/sandbox.js';
import {
  COMPLETE_CODE,
  COMPLETE_SMS,
  PEOPLE,
  START_CODE,
  START_SMS,
  TAX_DEBTS,
  TRANSFER_SCOPE,
  TAX_SCOPE,
  browserLogin,
  startCapturedHarness,
  withHandle,
  type CapturedHarness,
} from './support.js';
import { at, dataOf, present } from '../helpers/responses.js';

let h: CapturedHarness;
const responses: string[] = [];
const handles: string[] = [];

async function gql(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) {
  const res = await h.gql<Record<string, Record<string, string>>>(query, variables, headers);
  responses.push(JSON.stringify(res));
  return res;
}

/** Values the upstream handed out that must stay secret: access and refresh tokens, and codes. */
function upstreamSecrets(): string[] {
  const secrets = new Set<string>();
  for (const answer of h.upstreamAnswers) {
    let json: { result?: Record<string, unknown> };
    try {
      json = JSON.parse(answer) as typeof json;
    } catch {
      continue;
    }
    for (const key of ['value', 'refreshToken', 'code'] as const) {
      const value = json.result?.[key];
      if (typeof value === 'string') secrets.add(value);
    }
  }
  return [...secrets];
}

beforeAll(async () => {
  // Short tokens: every use renews, so refresh tokens travel too.
  h = await startCapturedHarness({ tokenLifetimeMs: 60_000 });

  const start = await gql(START_SMS, { input: { nationalId: PEOPLE.ali, mobile: '09121234567', scopes: [TAX_SCOPE] } });
  const consentId = present(dataOf(start)['startSmsConsent'], 'startSmsConsent')['consentId'];
  await gql(COMPLETE_SMS, { input: { consentId, otp: '54321' } });
  const done = await gql(COMPLETE_SMS, { input: { consentId, otp: SANDBOX_OTP } });
  const handle = present(present(dataOf(done)['completeSmsConsent'], 'completeSmsConsent')['handle'], 'handle');
  handles.push(handle);
  await gql(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle));
  await gql(TAX_DEBTS, { nid: PEOPLE.reza }, withHandle(handle));
  await gql(`{ consent { nationalId scopes expiresAt } }`, undefined, withHandle(handle));
  h.sandbox.revokeAllTokens();
  await gql(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle));

  const code = await gql(START_CODE, { input: { nationalId: PEOPLE.reza, bank: '062', scopes: [TRANSFER_SCOPE] } });
  const challenge = present(dataOf(code)['startCodeConsent'], 'challenge');
  const login = await browserLogin(present(challenge['authorizeUrl'], "challenge['authorizeUrl']"), {
    nid: PEOPLE.reza,
    password: PEOPLE.reza,
    decision: 'allow',
  });
  const granted = await gql(COMPLETE_CODE, {
    input: {
      consentId: challenge['consentId'],
      code: present(login.location, 'login.location').searchParams.get('code'),
    },
  });
  handles.push(present(present(dataOf(granted)['completeCodeConsent'], 'completeCodeConsent')['handle'], 'handle'));
  await gql(`mutation { revokeConsent { nationalId } }`, undefined, withHandle(at(handles, 1)));
});
afterAll(() => h.close());

describe('secrets', () => {
  it('the scenario exercised what it should (so the checks below can fail)', () => {
    const secrets = upstreamSecrets();
    // Two grants, renewals after each use and after the revocation: access tokens, refresh tokens and codes.
    expect(secrets.length).toBeGreaterThanOrEqual(8);
    expect(h.sandbox.calls('token').map((call) => (call.body as { grant_type: string }).grant_type)).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(h.lines.length).toBeGreaterThan(10);
    expect(h.lines.some((line) => line.includes('"consent granted"'))).toBe(true);
    expect(h.lines.some((line) => line.includes('"upstream call"'))).toBe(true);
    expect(handles).toHaveLength(2);
  });

  it('no upstream token, refresh token or code appears in any response or log line', () => {
    const secrets = upstreamSecrets();
    for (const text of [...responses, ...h.lines]) {
      for (const secret of secrets) expect(text.includes(secret), `${secret} leaked in ${text}`).toBe(false);
    }
  });

  it('the OTP appears in no response and no log line', () => {
    const otp = new RegExp(`(^|[^0-9])${SANDBOX_OTP}([^0-9]|$)`);
    for (const text of [...responses, ...h.lines]) expect(otp.test(text), text).toBe(false);
    expect(responses.some((text) => /54321/.test(text))).toBe(false);
  });

  it('no handle appears in any log line', () => {
    for (const line of h.lines) for (const handle of handles) expect(line.includes(handle), line).toBe(false);
  });
});
