/**
 * SMS-sending mutations are throttled per mobile number and per national id before the upstream is
 * asked: in one process, across replicas sharing Redis, and refused fast when Redis is gone.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOINT_HOLDER, WOMAN } from '../fixtures/sandbox.js';
import { PEOPLE, START_SMS, TAX_SCOPE } from '../consent/support.js';
import { startHarness, useHarness, type GraphQLResponse, type Harness } from '../helpers/harness.js';
import { deleteKeys, randomPrefix, testRedis, TEST_REDIS_URL } from '../helpers/redis.js';
import { extensionsOf, firstError } from '../helpers/responses.js';

const THROTTLED = { SMS_THROTTLE_PER_MINUTE: '1', SMS_THROTTLE_PER_HOUR: '5' };
const START_CHECK = `mutation($n: String!, $m: String!) { startMobileOwnershipCheck(input: { nationalId: $n, mobile: $m }) { checkId } }`;

const startSms = (h: Pick<Harness, 'gql'>, nationalId: string, mobile: string) =>
  h.gql<{ startSmsConsent: { __typename: string } }>(START_SMS, { input: { nationalId, mobile, scopes: [TAX_SCOPE] } });

function codeOf(res: GraphQLResponse<unknown>): string {
  const code = res.errors?.[0]?.extensions?.['code'];
  return typeof code === 'string' ? code : (res.errors?.[0]?.message ?? 'sent');
}

/** How many answers had each outcome: `sent`, or the error code. */
function tally(answers: Array<GraphQLResponse<unknown>>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[codeOf(answer)] = (counts[codeOf(answer)] ?? 0) + 1;
  return counts;
}

describe('in one process', () => {
  const h = useHarness({ env: THROTTLED });

  it('sends one SMS of 30 asked for at once for one mobile; the others are RATE_LIMITED with retryAfter', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => startSms(h, PEOPLE.ali, '09121110001')));
    expect(tally(answers)).toEqual({ sent: 1, RATE_LIMITED: 29 });
    expect(h.upstreamCalls('authorize')).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.errors)) {
      const retryAfter = extensionsOf(firstError(refused))['retryAfter'] as number;
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it('throttles per national id across different mobiles', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => startSms(h, PEOPLE.sara, `0912222000${i}`)));
    expect(tally(answers)).toEqual({ sent: 1, RATE_LIMITED: 9 });
    expect(h.upstreamCalls('authorize')).toHaveLength(1);
  });

  it('throttles per mobile across different people', async () => {
    const first = await startSms(h, PEOPLE.reza, '09123330000');
    expect(codeOf(first)).toBe('sent');
    expect(codeOf(await startSms(h, JOINT_HOLDER.nationalId, '09123330000'))).toBe('RATE_LIMITED');
    expect(h.upstreamCalls('authorize')).toHaveLength(1);
  });

  it('throttles the Shahkar check by SMS the same way, before the upstream is asked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => h.gql(START_CHECK, { n: WOMAN.nationalId, m: WOMAN.mobile })),
    );
    expect(tally(answers)).toEqual({ sent: 1, RATE_LIMITED: 4 });
    expect(h.upstreamCalls('facilityShahkarSmsSendGet')).toHaveLength(1);
  });

  it('does not count a request refused for bad input', async () => {
    expect(codeOf(await startSms(h, '1234567890', '09124440000'))).toBe('BAD_USER_INPUT');
    expect(codeOf(await startSms(h, JOINT_HOLDER.nationalId, '09124440000'))).toBe('sent');
  });
});

describe('with Redis', () => {
  const redis = testRedis();
  let prefix = '';
  const harnesses: Harness[] = [];
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
    await deleteKeys(redis, prefix);
  });
  afterAll(() => redis.quit());

  async function replica(redisUrl = TEST_REDIS_URL, env: Record<string, string> = {}): Promise<Harness> {
    const harness = await startHarness({
      env: { ...THROTTLED, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, ...env },
    });
    harnesses.push(harness);
    return harness;
  }

  it('shares the throttle between replicas', async () => {
    prefix = randomPrefix();
    const [a, b] = [await replica(), await replica()];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => startSms(i % 2 === 0 ? a : b, PEOPLE.ali, '09125550000')),
    );
    expect(tally(answers)).toEqual({ sent: 1, RATE_LIMITED: 19 });
    expect(a.upstreamCalls('authorize').length + b.upstreamCalls('authorize').length).toBe(1);
    // Per national id too, with another mobile, on the other replica.
    const sent = a.upstreamCalls('authorize').length === 1 ? b : a;
    expect(codeOf(await startSms(sent, PEOPLE.ali, '09125550001'))).toBe('RATE_LIMITED');
  });

  describe('when Redis stops answering', () => {
    let proxy: RedisProxy;
    beforeAll(async () => {
      proxy = await redisProxy();
    });
    afterAll(() => proxy.close());

    it('refuses with SERVICE_UNAVAILABLE once the connection is gone, sending nothing', async () => {
      prefix = randomPrefix();
      proxy.forward = true;
      const h = await replica(proxy.url);
      proxy.dropConnections();
      proxy.forward = false;
      const res = await startSms(h, PEOPLE.sara, '09126660000');
      expect(codeOf(res)).toBe('SERVICE_UNAVAILABLE');
      expect(h.upstreamCalls('authorize')).toHaveLength(0);
    });

    it('refuses with SERVICE_UNAVAILABLE when Redis does not answer in time, sending nothing', async () => {
      prefix = randomPrefix();
      proxy.forward = true;
      // The silenced command never gets an answer: only the throttle's own timeout ends the wait.
      const h = await replica(proxy.url, { SMS_THROTTLE_TIMEOUT_MS: '200' });
      proxy.blackHole = true;
      const res = await startSms(h, PEOPLE.reza, '09127770000');
      proxy.blackHole = false;
      expect(codeOf(res)).toBe('SERVICE_UNAVAILABLE');
      expect(h.upstreamCalls('authorize')).toHaveLength(0);
    });
  });
});

interface RedisProxy {
  readonly url: string;
  /** Accept new connections and pipe them to the test Redis. */
  forward: boolean;
  /** Swallow what clients send, answering nothing, while keeping their connections. */
  blackHole: boolean;
  dropConnections(): void;
  close(): Promise<void>;
}

/** A TCP proxy in front of the test Redis that can cut or silence the connections through it. */
async function redisProxy(): Promise<RedisProxy> {
  const target = new URL(TEST_REDIS_URL);
  const sockets = new Set<Socket>();
  const state = { forward: true, blackHole: false };
  const server: Server = createServer((client) => {
    if (!state.forward) {
      client.destroy();
      return;
    }
    const upstream = createConnection(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (!state.blackHole) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    for (const socket of [client, upstream]) {
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    get forward() {
      return state.forward;
    },
    set forward(value) {
      state.forward = value;
    },
    get blackHole() {
      return state.blackHole;
    },
    set blackHole(value) {
      state.blackHole = value;
    },
    dropConnections() {
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
