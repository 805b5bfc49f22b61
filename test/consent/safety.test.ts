/**
 * What a consent must refuse even when the upstream says something odd: a token that names nobody,
 * a renewed token that names someone else, a code redeemed by two completions at once, and a grant
 * of one kind standing in for the other. A proxy rewrites the sandbox's token answers where the
 * sandbox itself would never say such a thing.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { TOKEN_PATH } from '../../src/datasources/upstream/operations.js';
import { startSandbox, type Sandbox } from '../fixtures/sandbox.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { postGraphQL, subgraphEnv, type GraphQLResponse } from '../helpers/harness.js';
import { startTamperingProxy, type Rewrite, type TamperingProxy } from '../helpers/tamperingProxy.js';
import {
  COMPLETE_CODE,
  COMPLETE_SMS,
  PEOPLE,
  SANDBOX_OTP_VALUE,
  START_CODE,
  TAX_DEBTS,
  TAX_SCOPE,
  TRANSFER_SCOPE,
  browserLogin,
  codeConsent,
  errorCode,
  smsConsent,
  startSms,
  withHandle,
  type Gql,
} from './support.js';
import { dataOf, present } from '../helpers/responses.js';

let sandbox: Sandbox;
let proxy: TamperingProxy;
let server: RunningServer;
const lines: string[] = [];
const gql: Gql = (query, variables, headers) => postGraphQL(server.url, query, variables, headers);

beforeAll(async () => {
  // Tokens live 60 s, less than the refresh margin: every use of a consent renews its token first.
  sandbox = await startSandbox({ tokenLifetimeMs: 60_000 });
  proxy = await startTamperingProxy(sandbox.url);
  const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => void lines.push(line) });
  server = await startServer(loadConfig({ ...subgraphEnv(sandbox), UPSTREAM_BASE_URL: proxy.url }), { logger });
});
afterAll(async () => {
  await server.stop();
  await proxy.close();
  await sandbox.close();
});
beforeEach(() => {
  sandbox.clearCalls();
  sandbox.clearFaults();
  proxy.rewrite = null;
  lines.length = 0;
});

type Completed = GraphQLResponse<{ completeSmsConsent: { __typename: string; handle?: string } }>;

/** Changes the `result` of the token endpoint's answers to requests of `grantType`. */
function tokenAnswer(
  grantType: 'authorization_code' | 'refresh_token',
  change: (result: Record<string, unknown>) => void,
): Rewrite {
  return (request, answer) => {
    if (request.path !== TOKEN_PATH || (request.body as { grant_type?: unknown } | undefined)?.grant_type !== grantType)
      return undefined;
    const envelope = answer as { result?: Record<string, unknown> };
    if (!envelope.result) return undefined;
    change(envelope.result);
    return envelope;
  };
}

/** HTTP statuses of the token endpoint's answers to `grantType`. */
const tokenCalls = (grantType: string) =>
  sandbox
    .calls('token')
    .filter((call) => (call.body as { grant_type?: string }).grant_type === grantType)
    .map((call) => call.status);

const granted = () => lines.filter((line) => line.includes('"consent granted"'));

const NAMES_NOBODY: ReadonlyArray<[string, (result: Record<string, unknown>) => void]> = [
  ['without userId', (result) => void delete result['userId']],
  ['with an empty userId', (result) => void (result['userId'] = '')],
  ['with a null userId', (result) => void (result['userId'] = null)],
];

describe('a consent whose token names no person', () => {
  it.each(NAMES_NOBODY)('is refused and dropped for the SMS grant (token %s)', async (_name, change) => {
    proxy.rewrite = tokenAnswer('authorization_code', change);
    const consentId = await startSms(gql, PEOPLE.ali);
    const res: Completed = await gql(COMPLETE_SMS, { input: { consentId, otp: SANDBOX_OTP_VALUE } });
    expect(errorCode(res)).toBe('FORBIDDEN');
    // The mutation field alone is null: a mutation's failure never nulls the rest of `data`.
    expect(res.data).toEqual({ completeSmsConsent: null });
    expect(tokenCalls('authorization_code')).toEqual([200]);
    expect(granted()).toEqual([]);

    // Nothing is left to complete, and the code is not redeemed again.
    proxy.rewrite = null;
    const again: Completed = await gql(COMPLETE_SMS, { input: { consentId, otp: SANDBOX_OTP_VALUE } });
    expect(dataOf(again).completeSmsConsent.__typename).toBe('ConsentExpired');
    expect(tokenCalls('authorization_code')).toEqual([200]);
    expect(sandbox.calls('verifySms')).toHaveLength(1);
  });

  it('is refused and dropped for the authorization-code grant', async () => {
    proxy.rewrite = tokenAnswer('authorization_code', (result) => void delete result['userId']);
    const started = await gql<{ startCodeConsent: { consentId: string; authorizeUrl: string; state: string } }>(
      START_CODE,
      {
        input: { nationalId: PEOPLE.reza, bank: '062', scopes: [TRANSFER_SCOPE] },
      },
    );
    const { consentId, authorizeUrl, state } = dataOf(started).startCodeConsent;
    const login = await browserLogin(authorizeUrl, { nid: PEOPLE.reza, password: PEOPLE.reza, decision: 'allow' });
    const code = present(present(login.location, 'login.location').searchParams.get('code'), 'code');
    const res = await gql<{ completeCodeConsent: { __typename: string } }>(COMPLETE_CODE, {
      input: { consentId, code, state },
    });
    expect(errorCode(res)).toBe('FORBIDDEN');
    // The mutation field alone is null: a mutation's failure never nulls the rest of `data`.
    expect(res.data).toEqual({ completeCodeConsent: null });
    expect(granted()).toEqual([]);
    const again = await gql<{ completeCodeConsent: { __typename: string } }>(COMPLETE_CODE, {
      input: { consentId, code, state },
    });
    expect(dataOf(again).completeCodeConsent.__typename).toBe('ConsentExpired');
    expect(tokenCalls('authorization_code')).toEqual([200]);
  });
});

describe('a consent whose renewed token does not name its person', () => {
  const cases: ReadonlyArray<[string, (result: Record<string, unknown>) => void]> = [
    ['names another person', (result) => void (result['userId'] = PEOPLE.sara)],
    ['names nobody', (result) => void delete result['userId']],
  ];

  it.each(cases)('is refused and dropped when the renewed token %s', async (_name, change) => {
    const handle = await smsConsent(gql, PEOPLE.ali);
    sandbox.clearCalls();
    proxy.rewrite = tokenAnswer('refresh_token', change);
    const res = await gql(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle));
    expect(errorCode(res)).toBe('FORBIDDEN');
    expect(tokenCalls('refresh_token')).toEqual([200]);
    // The renewed token was never presented for the person.
    expect(sandbox.calls('kycSmsTaxInquiryGet')).toHaveLength(0);

    // The consent is gone: the handle no longer works, even with an upstream that behaves again.
    proxy.rewrite = null;
    expect(errorCode(await gql(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle)))).toBe('UNAUTHENTICATED');
    expect(errorCode(await gql(`{ consent { nationalId } }`, undefined, withHandle(handle)))).toBe('UNAUTHENTICATED');
    expect(tokenCalls('refresh_token')).toEqual([200]);
    expect(sandbox.calls('kycSmsTaxInquiryGet')).toHaveLength(0);
  });

  it('is refused and dropped when the renewal forced by a rejected token names another person', async () => {
    const handle = await smsConsent(gql, PEOPLE.ali);
    const need = {
      operationId: 'kycSmsTaxInquiryGet',
      scope: TAX_SCOPE,
      grant: 'authorization_sms' as const,
      subject: PEOPLE.ali,
    };
    const current = await server.services.consents.tokenFor(handle, need);
    proxy.rewrite = tokenAnswer('refresh_token', (result) => void (result['userId'] = PEOPLE.sara));
    // What the upstream client does when the upstream answers 401/403 to `current`.
    await expect(server.services.consents.renewFor(handle, current)).rejects.toMatchObject({
      extensions: { code: 'FORBIDDEN' },
    });
    proxy.rewrite = null;
    await expect(server.services.consents.tokenFor(handle, need)).rejects.toMatchObject({
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('is kept when the renewed token names its own person', async () => {
    const handle = await smsConsent(gql, PEOPLE.ali);
    proxy.rewrite = tokenAnswer('refresh_token', (result) => void (result['userId'] = PEOPLE.ali));
    expect((await gql(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle))).errors).toBeUndefined();
    expect((await gql(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle))).errors).toBeUndefined();
  });
});

describe('two completions of one SMS consent at the same time', () => {
  const complete = (consentId: string, otp = SANDBOX_OTP_VALUE): Promise<Completed> =>
    gql(COMPLETE_SMS, { input: { consentId, otp } });

  it('verify the OTP and redeem the code upstream once; one gets the consent, the other finds it completed', async () => {
    const consentId = await startSms(gql, PEOPLE.ali);
    sandbox.clearCalls();
    // Slow OTP checks, so both completions are in flight together.
    sandbox.injectFault({ operationId: 'verifySms', delayMs: 150, times: 2 });
    const results = await Promise.all([complete(consentId), complete(consentId)]);
    for (const res of results) expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const kinds = results.map((res) => dataOf(res).completeSmsConsent.__typename).sort();
    expect(kinds).toEqual(['ConsentExpired', 'ConsentGranted']);
    expect(sandbox.calls('verifySms')).toHaveLength(1);
    expect(tokenCalls('authorization_code')).toEqual([200]);
    expect(granted()).toHaveLength(1);

    const granting = present(
      results.find((res) => dataOf(res).completeSmsConsent.__typename === 'ConsentGranted'),
      'the answer that granted the consent',
    );
    const handle = present(dataOf(granting).completeSmsConsent.handle, 'the handle');
    expect((await gql(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle))).errors).toBeUndefined();
  });

  it('count every wrong OTP, so guesses sent at once get no more tries than guesses one after another', async () => {
    const consentId = await startSms(gql, PEOPLE.ali);
    sandbox.clearCalls();
    sandbox.injectFault({ operationId: 'verifySms', delayMs: 50, times: 8 });
    await Promise.all(Array.from({ length: 8 }, () => complete(consentId, 'AAAAA')));
    for (let i = 0; i < 10; i++) {
      const res = await complete(consentId, 'AAAAA');
      if (dataOf(res).completeSmsConsent.__typename !== 'InvalidOtp') break;
    }
    expect(sandbox.calls('verifySms').length).toBeLessThanOrEqual(5);
  });

  it('keep the consent pending when the OTP check fails on the way, so the person can try again', async () => {
    const consentId = await startSms(gql, PEOPLE.ali);
    sandbox.injectFault({ operationId: 'verifySms', status: 503 });
    const failed = await complete(consentId);
    expect(errorCode(failed)).toBe('UPSTREAM_UNAVAILABLE');
    const retried = await complete(consentId);
    expect(dataOf(retried).completeSmsConsent.__typename).toBe('ConsentGranted');
  });
});

describe('a consent of one grant', () => {
  const tokenFor = (
    handle: string,
    scope: string,
    grant: 'authorization_sms' | 'authorization_code',
    subject: string,
  ) => server.services.consents.tokenFor(handle, { operationId: 'any', scope, grant, subject });

  it('cannot serve an operation of the authorization-code grant with the same scope name (SMS consent)', async () => {
    const handle = await smsConsent(gql, PEOPLE.ali, [TAX_SCOPE]);
    sandbox.clearCalls();
    await expect(tokenFor(handle, TAX_SCOPE, 'authorization_code', PEOPLE.ali)).rejects.toMatchObject({
      extensions: { code: 'CONSENT_REQUIRED', scope: TAX_SCOPE, grant: 'authorization_code' },
    });
    expect(sandbox.calls()).toHaveLength(0);
    // Under its own grant the same scope is served.
    await expect(tokenFor(handle, TAX_SCOPE, 'authorization_sms', PEOPLE.ali)).resolves.toEqual(expect.any(String));
  });

  it('cannot serve an operation of the SMS grant with the same scope name (code consent)', async () => {
    const handle = await codeConsent(gql, PEOPLE.reza, '062', [TRANSFER_SCOPE]);
    sandbox.clearCalls();
    await expect(tokenFor(handle, TRANSFER_SCOPE, 'authorization_sms', PEOPLE.reza)).rejects.toMatchObject({
      extensions: { code: 'CONSENT_REQUIRED', scope: TRANSFER_SCOPE, grant: 'authorization_sms' },
    });
    expect(sandbox.calls()).toHaveLength(0);
    await expect(tokenFor(handle, TRANSFER_SCOPE, 'authorization_code', PEOPLE.reza)).resolves.toEqual(
      expect.any(String),
    );
  });
});
