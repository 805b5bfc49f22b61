/**
 * SMS across replicas sharing Redis: a one-time password issued by one replica is verified by another
 * once only, kept there only as a hash; an SMS send under one key is sent once whichever replica is asked.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SENDER_NUMBERS } from '../fixtures/sandbox.js';
import { postGraphQL } from '../helpers/harness.js';
import { useRedisReplicas } from '../helpers/redisReplicas.js';
import { keysUnder } from '../helpers/redis.js';
import { at, dataOf, present } from '../helpers/responses.js';

const replicas = useRedisReplicas({ asyncDelayMs: 50 });
const { redis } = replicas;

async function replica(): Promise<
  (query: string, variables: Record<string, unknown>) => ReturnType<typeof postGraphQL>
> {
  // A generous command timeout: on a busy machine a slow Redis answer is not what these tests are about.
  const server = await replicas.start({ REDIS_COMMAND_TIMEOUT_MS: '5000' });
  return (query, variables) => postGraphQL(server.url, query, variables);
}

const SEND_OTP = `mutation($input: SendOneTimePasswordInput!) { sendOneTimePassword(input: $input) { id } }`;
const VERIFY = `mutation($input: VerifyOneTimePasswordInput!) {
  verifyOneTimePassword(input: $input) { verified reason }
}`;
const SEND_SMS = `mutation($input: SendSmsInput!) { sendSms(input: $input) { id } }`;

describe('SMS on replicas sharing Redis', () => {
  it('verifies on one replica the code another sent, once, keeping no code in Redis', async () => {
    const [a, b] = await Promise.all([replica(), replica()]);
    const to = `0936${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const { id } = (dataOf(await a(SEND_OTP, { input: { to } })) as { sendOneTimePassword: { id: string } })
      .sendOneTimePassword;
    const sms = present(
      replicas.sandbox.sentSms().find((sent) => sent.kind === 'OTP' && sent.to === to),
      'the SMS of the one-time password',
    );
    const code = present(/\d{6}/.exec(sms.text)?.[0], 'a code');
    const keys = await keysUnder(redis, `${replicas.prefix}otp:`);
    expect(keys).toEqual([`${replicas.prefix}otp:${id}`]);
    expect(JSON.stringify(await redis.hgetall(at(keys, 0)))).not.toContain(code);
    const verified = await Promise.all([
      b(VERIFY, { input: { challengeId: id, code, to } }),
      a(VERIFY, { input: { challengeId: id, code, to } }),
    ]);
    const outcomes = verified.map(
      (res) => (dataOf(res) as { verifyOneTimePassword: { verified: boolean } }).verifyOneTimePassword.verified,
    );
    expect(outcomes.sort()).toEqual([false, true]);
  });

  it('sends an SMS once under one key, whichever replica is asked', async () => {
    const [a, b] = await Promise.all([replica(), replica()]);
    const input = {
      from: at(SENDER_NUMBERS, 0),
      idempotencyKey: randomUUID(),
      messages: [{ to: '09121234567', text: 'replicated' }],
    };
    const answers = await Promise.all([a(SEND_SMS, { input }), b(SEND_SMS, { input }), a(SEND_SMS, { input })]);
    const ids = answers.map((res) => (dataOf(res) as { sendSms: { id: string } }).sendSms.id);
    expect(new Set(ids).size).toBe(1);
    expect(replicas.sandbox.calls('facilityFinnotextPost')).toHaveLength(1);
  });
});
