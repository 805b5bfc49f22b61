/**
 * revokeConsent revokes the person's token upstream too (wire facts §2.7), after forgetting it here:
 * the upstream refuses the token afterwards, and an upstream that fails the revocation never leaves the
 * consent usable here.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { REVOKE_TOKEN_SCOPE } from '../../src/datasources/upstream/operations.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { startSandbox, type Sandbox } from '../fixtures/sandbox.js';
import { postGraphQL, subgraphEnv } from '../helpers/harness.js';
import { at, present } from '../helpers/responses.js';
import { callOperation } from '../sandbox/support.js';
import {
  PEOPLE,
  TAX_DEBTS,
  codeConsent,
  errorCode,
  smsConsent,
  withHandle,
  type Gql,
  type TaxDebtsData,
} from './support.js';

const REVOKE = `mutation { revokeConsent { nationalId scopes } }`;

let sandbox: Sandbox;
let server: RunningServer;
const lines: string[] = [];
const gql: Gql = (query, variables, headers) => postGraphQL(server.url, query, variables, headers);

beforeAll(async () => {
  sandbox = await startSandbox({ asyncDelayMs: 50 });
  const logger = pino({ level: 'trace', base: undefined }, { write: (line: string) => void lines.push(line) });
  server = await startServer(loadConfig({ ...subgraphEnv(sandbox), LOG_LEVEL: 'trace' }), { logger });
});
afterAll(async () => {
  await server.stop();
  await sandbox.close();
});
beforeEach(() => {
  sandbox.clearCalls();
  sandbox.clearFaults();
  lines.length = 0;
});

/** The revocations the upstream received: the body each carried. */
const revocations = () => sandbox.calls('revokeToken').map((call) => call.body as Record<string, string>);

/** Whether the upstream still honours `token` for Ali's tax debts. */
async function upstreamHonours(token: string): Promise<boolean> {
  const answer = await callOperation(sandbox, 'kycSmsTaxInquiryGet', { token, query: { nationalCode: PEOPLE.ali } });
  return answer.status === 200;
}

async function expectForgotten(handle: string): Promise<void> {
  const res = await gql<TaxDebtsData>(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle));
  expect(errorCode(res)).toBe('UNAUTHENTICATED');
  expect(errorCode(await gql(REVOKE, undefined, withHandle(handle)))).toBe('UNAUTHENTICATED');
}

describe('revokeConsent', () => {
  it('revokes an SMS token upstream with a client token: the upstream refuses it afterwards', async () => {
    const handle = await smsConsent(gql, PEOPLE.ali);
    expect((await gql(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle))).errors).toBeUndefined();
    const revoked = await gql(REVOKE, undefined, withHandle(handle));
    expect(revoked.errors).toBeUndefined();
    expect(revoked.data).toEqual({ revokeConsent: { nationalId: PEOPLE.ali, scopes: ['kyc:sms-tax-Inquiry:get'] } });

    const [call] = sandbox.calls('revokeToken');
    expect(call).toMatchObject({ method: 'DELETE', status: 200 });
    expect(revocations()).toEqual([{ token: expect.any(String), token_type: 'CODE', auth_type: 'SMS' }]);
    const token = present(at(revocations(), 0)['token'], 'the revoked token');
    expect(await upstreamHonours(token)).toBe(false);
    expect(
      sandbox.calls('token').some((c) => (c.body as Record<string, string>)['scopes'] === REVOKE_TOKEN_SCOPE),
    ).toBe(true);
    await expectForgotten(handle);
    expect(revocations()).toHaveLength(1);
    expect(lines.some((line) => line.includes('"consent token revoked upstream"'))).toBe(true);
  });

  it('revokes a web token with its bank', async () => {
    const handle = await codeConsent(gql, PEOPLE.reza, '062');
    expect((await gql(REVOKE, undefined, withHandle(handle))).errors).toBeUndefined();
    expect(revocations()).toEqual([{ token: expect.any(String), token_type: 'CODE', bank: '062' }]);
    expect(at(sandbox.calls('revokeToken'), 0).status).toBe(200);
  });

  it.each([
    ['answers 503', { status: 503 }],
    ['resets the connection', { reset: true }],
    ['refuses the token (400)', { status: 400 }],
  ])('forgets the consent here when the upstream %s, and logs it without the token', async (_, fault) => {
    const handle = await smsConsent(gql, PEOPLE.ali);
    sandbox.injectFault({ operationId: 'revokeToken', ...fault });
    const revoked = await gql(REVOKE, undefined, withHandle(handle));
    expect(revoked.errors).toBeUndefined();
    expect(revoked.data).toMatchObject({ revokeConsent: { nationalId: PEOPLE.ali } });
    await expectForgotten(handle);
    // Sent once: the revocation is not resent, and the forgotten consent sends none again.
    expect(sandbox.calls('revokeToken')).toHaveLength(1);
    const token = present(at(revocations(), 0)['token'], 'the revoked token');
    const logged = lines.filter((line) => line.includes('revok'));
    expect(
      logged.some((line) => /"revoking a consent token upstream failed|"upstream refused to revoke/.test(line)),
    ).toBe(true);
    for (const line of lines) expect(line).not.toContain(token);
    expect(lines.some((line) => line.includes(handle))).toBe(false);
  });

  it('lets one of concurrent revocations revoke upstream; the others find no consent', async () => {
    const handle = await smsConsent(gql, PEOPLE.ali);
    const answers = await Promise.all(Array.from({ length: 5 }, () => gql(REVOKE, undefined, withHandle(handle))));
    expect(answers.filter((res) => res.errors === undefined)).toHaveLength(1);
    for (const res of answers.filter((r) => r.errors !== undefined)) expect(errorCode(res)).toBe('UNAUTHENTICATED');
    expect(sandbox.calls('revokeToken')).toHaveLength(1);
  });
});
