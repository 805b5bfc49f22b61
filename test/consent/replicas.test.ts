/**
 * Consents in Redis, across processes: a consent granted through one subgraph works through another
 * sharing the Redis, and after a restart; it is stored sealed (no token in the clear); a process with
 * another key reads none; a revocation on one is final on all, and upstream.
 */
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConsentSealer } from '../../src/consent/sealing.js';
import type { ConsentRecord } from '../../src/consent/types.js';
import type { RunningServer } from '../../src/server.js';
import { TEST_CONSENT_KEY, postGraphQL } from '../helpers/harness.js';
import { keysUnder } from '../helpers/redis.js';
import { useRedisReplicas } from '../helpers/redisReplicas.js';
import { at, dataOf, present } from '../helpers/responses.js';
import { callOperation } from '../sandbox/support.js';
import {
  COMPLETE_SMS,
  PEOPLE,
  SANDBOX_OTP_VALUE,
  TAX_DEBTS,
  TAX_SCOPE,
  codeConsent,
  errorCode,
  smsConsent,
  startSms,
  withHandle,
  type Gql,
  type TaxDebtsData,
} from './support.js';

const CONSENT = `{ consent { nationalId grant scopes } }`;
const REVOKE = `mutation { revokeConsent { nationalId } }`;

interface Replica {
  readonly server: RunningServer;
  readonly gql: Gql;
  readonly lines: string[];
}

const replicas = useRedisReplicas({ asyncDelayMs: 50 });
const { redis } = replicas;

/** A subgraph process on the shared Redis, logging into memory. */
async function replica(env: Record<string, string> = {}): Promise<Replica> {
  const lines: string[] = [];
  const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => void lines.push(line) });
  const server = await replicas.start(env, logger);
  return { server, lines, gql: (query, variables, headers) => postGraphQL(server.url, query, variables, headers) };
}

const stop = (replica: Replica): Promise<void> => replicas.stop(replica.server);

async function taxDebtsWork(on: Replica, handle: string, nid: string = PEOPLE.ali): Promise<void> {
  const res = await on.gql<TaxDebtsData>(TAX_DEBTS, { nid }, withHandle(handle));
  expect(dataOf(res).person.taxDebts).not.toBeNull();
}

/** The active consents in Redis, as stored and as opened with the test key. */
async function storedConsents(): Promise<Array<{ raw: string; record: ConsentRecord }>> {
  const sealer = new ConsentSealer(TEST_CONSENT_KEY);
  const found = [];
  for (const key of await keysUnder(redis, `${replicas.prefix}consent:active:`)) {
    const raw = present(await redis.get(key), `the value of ${key}`);
    const opened = sealer.open(key.slice(`${replicas.prefix}consent:`.length), raw);
    if (!opened.ok) throw new Error(opened.reason);
    found.push({ raw, record: JSON.parse(opened.text) as ConsentRecord });
  }
  return found;
}

const accessTokenOf = (record: ConsentRecord): string =>
  record.state.status === 'ACTIVE' ? record.state.accessToken : '';

async function upstreamHonours(token: string): Promise<boolean> {
  const answer = await callOperation(replicas.sandbox, 'kycSmsTaxInquiryGet', {
    token,
    query: { nationalCode: PEOPLE.ali },
  });
  return answer.status === 200;
}

describe('a consent in Redis', () => {
  it('granted through one process works through another', async () => {
    const [a, b] = [await replica(), await replica()];
    const handle = await smsConsent(a.gql, PEOPLE.ali);
    await taxDebtsWork(b, handle);
    expect((await b.gql(CONSENT, undefined, withHandle(handle))).data).toEqual({
      consent: { nationalId: PEOPLE.ali, grant: 'SMS', scopes: [TAX_SCOPE] },
    });
    // A web consent too.
    const web = await codeConsent(b.gql, PEOPLE.reza, '062');
    expect((await a.gql(CONSENT, undefined, withHandle(web))).data).toMatchObject({
      consent: { nationalId: PEOPLE.reza },
    });
  });

  it('started on one process is completed on another', async () => {
    const [a, b] = [await replica(), await replica()];
    const consentId = await startSms(a.gql, PEOPLE.ali);
    const done = await b.gql<{ completeSmsConsent: { __typename: string; handle: string } }>(COMPLETE_SMS, {
      input: { consentId, otp: SANDBOX_OTP_VALUE },
    });
    expect(done.data?.completeSmsConsent.__typename, JSON.stringify(done)).toBe('ConsentGranted');
    await taxDebtsWork(a, dataOf(done).completeSmsConsent.handle);
  });

  it('survives a restart of every process', async () => {
    const a = await replica();
    const handle = await smsConsent(a.gql, PEOPLE.ali);
    const pendingId = await startSms(a.gql, PEOPLE.sara);
    await stop(a);

    const again = await replica();
    await taxDebtsWork(again, handle);
    const done = await again.gql<{ completeSmsConsent: { __typename: string; handle: string } }>(COMPLETE_SMS, {
      input: { consentId: pendingId, otp: SANDBOX_OTP_VALUE },
    });
    expect(done.data?.completeSmsConsent.__typename, JSON.stringify(done)).toBe('ConsentGranted');
    await taxDebtsWork(again, dataOf(done).completeSmsConsent.handle, PEOPLE.sara);
  });

  it('is stored sealed: neither token nor the person appears in what Redis holds', async () => {
    const a = await replica();
    await smsConsent(a.gql, PEOPLE.ali);
    await startSms(a.gql, PEOPLE.sara);
    const { record } = at(await storedConsents(), 0);
    expect(record).toMatchObject({ nationalId: PEOPLE.ali, state: { status: 'ACTIVE' } });
    expect(await upstreamHonours(accessTokenOf(record))).toBe(true);
    const secrets = [
      accessTokenOf(record),
      record.state.status === 'ACTIVE' ? present(record.state.refreshToken, 'a refresh token') : '',
      PEOPLE.ali,
      PEOPLE.sara,
      present(record.mobile, 'the mobile'),
    ];
    for (const key of await keysUnder(redis, replicas.prefix)) {
      const raw = (await redis.getBuffer(key)) ?? Buffer.alloc(0);
      for (const secret of secrets) {
        expect(secret.length).toBeGreaterThan(5);
        expect(raw.toString('latin1').includes(secret), `${secret} in ${key}`).toBe(false);
      }
    }
  });

  it('is read as absent by a process with another key, and again by one given the old key as previous', async () => {
    const a = await replica();
    const handle = await smsConsent(a.gql, PEOPLE.ali);
    const newKey = randomBytes(32).toString('hex');
    const stranger = await replica({ CONSENT_ENCRYPTION_KEY: newKey });
    expect(errorCode(await stranger.gql(CONSENT, undefined, withHandle(handle)))).toBe('UNAUTHENTICATED');
    const warning = stranger.lines.find((line) => line.includes('could not be opened'));
    expect(warning).toBeDefined();
    expect(warning).not.toContain(handle);

    const rotated = await replica({
      CONSENT_ENCRYPTION_KEY: newKey,
      CONSENT_ENCRYPTION_PREVIOUS_KEYS: TEST_CONSENT_KEY,
    });
    await taxDebtsWork(rotated, handle);
  });

  it('renewed on one process is used renewed by the other, without renewing again', async () => {
    const [a, b] = [await replica(), await replica()];
    const handle = await smsConsent(a.gql, PEOPLE.ali);
    const before = at(await storedConsents(), 0);
    replicas.sandbox.revokeAllTokens();
    replicas.sandbox.clearCalls();
    await taxDebtsWork(a, handle);
    await taxDebtsWork(b, handle);
    const renewals = replicas.sandbox
      .calls('token')
      .filter((call) => (call.body as Record<string, string>)['grant_type'] === 'refresh_token');
    expect(renewals.map((call) => (call.body as Record<string, string>)['token_type'])).toEqual(['CODE']);
    const after = at(await storedConsents(), 0);
    expect(accessTokenOf(after.record)).not.toBe(accessTokenOf(before.record));
  });

  it('revoked on one process is gone on every process, and revoked upstream', async () => {
    const [a, b] = [await replica(), await replica()];
    const handle = await smsConsent(a.gql, PEOPLE.ali);
    const token = accessTokenOf(at(await storedConsents(), 0).record);
    expect(await upstreamHonours(token)).toBe(true);

    const revoked = await b.gql(REVOKE, undefined, withHandle(handle));
    expect(revoked.errors).toBeUndefined();
    expect(await keysUnder(redis, `${replicas.prefix}consent:active:`)).toEqual([]);
    expect(errorCode(await a.gql(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle)))).toBe('UNAUTHENTICATED');
    expect(errorCode(await a.gql(REVOKE, undefined, withHandle(handle)))).toBe('UNAUTHENTICATED');
    expect(replicas.sandbox.calls('revokeToken').map((call) => (call.body as Record<string, string>)['token'])).toEqual(
      [token],
    );
    expect(await upstreamHonours(token)).toBe(false);
  });

  it('revoked on two processes at once is revoked upstream once', async () => {
    const [a, b] = [await replica(), await replica()];
    const handle = await smsConsent(a.gql, PEOPLE.ali);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? a : b).gql(REVOKE, undefined, withHandle(handle))),
    );
    expect(answers.filter((res) => res.errors === undefined)).toHaveLength(1);
    expect(replicas.sandbox.calls('revokeToken')).toHaveLength(1);
  });
});
