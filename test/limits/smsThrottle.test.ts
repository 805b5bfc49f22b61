/** The SMS throttle's windows, in memory and in Redis, with an injected clock. */
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import {
  MemorySmsThrottle,
  RedisSmsThrottle,
  type SmsRecipient,
  type SmsThrottle,
  type ThrottleWindow,
} from '../../src/limits/smsThrottle.js';
import { limitsHit } from '../../src/observability/metrics.js';
import { deleteKeys, keysUnder, randomPrefix, TEST_REDIS_URL, testRedis } from '../helpers/redis.js';
import { TcpProxy } from '../helpers/tcpProxy.js';

const WINDOWS: ThrottleWindow[] = [
  { windowMs: 60_000, max: 1 },
  { windowMs: 3_600_000, max: 5 },
];
const SECRET = 'test-secret';
const ALI = { nationalId: '0499370899', mobile: '09121234567' };

/** The code and retryAfter of what `admit` threw, or 'admitted'. */
async function outcome(throttle: SmsThrottle, recipient: SmsRecipient = ALI): Promise<unknown> {
  try {
    await throttle.admit(recipient);
    return 'admitted';
  } catch (error) {
    const extensions = (error as { extensions?: Record<string, unknown> }).extensions ?? {};
    return { code: extensions['code'], retryAfter: extensions['retryAfter'] };
  }
}

/** The message of what `admit` threw. */
async function refusalMessage(throttle: SmsThrottle, recipient: SmsRecipient = ALI): Promise<string> {
  return throttle.admit(recipient).then(
    () => 'admitted',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

const redis = testRedis();
const prefixes: string[] = [];
// The throttle refuses while its client is not connected yet.
beforeAll(() => redis.ping());
afterEach(async () => {
  for (const prefix of prefixes.splice(0)) await deleteKeys(redis, prefix);
});
afterAll(() => redis.quit());

const kinds: Array<[string, (now: () => number) => SmsThrottle]> = [
  ['memory', (now) => new MemorySmsThrottle({ windows: WINDOWS, secret: SECRET, clock: { now } })],
  [
    'redis',
    (now) => {
      const keyPrefix = randomPrefix();
      prefixes.push(keyPrefix);
      return new RedisSmsThrottle(redis, {
        windows: WINDOWS,
        secret: SECRET,
        clock: { now },
        keyPrefix,
        timeoutMs: 1_000,
      });
    },
  ],
];

describe.each(kinds)('the SMS throttle in %s', (_kind, create) => {
  it('throttles a mobile alone, and admits the recipients of one send all or none', async () => {
    const clock = { now: 10_000_000 };
    const throttle = create(() => clock.now);
    const refusal = async (recipients: Array<{ mobile: string }>) => {
      try {
        await throttle.admitAll(recipients);
        return 'admitted';
      } catch (error) {
        return (error as { extensions?: Record<string, unknown> }).extensions?.['code'];
      }
    };
    expect(await outcome(throttle, { mobile: '09121110000' })).toBe('admitted');
    expect(await outcome(throttle, { mobile: '09121110000' })).toMatchObject({ code: 'RATE_LIMITED' });
    // One recipient over: none is counted, so the others are admitted afterwards.
    expect(await refusal([{ mobile: '09121110001' }, { mobile: '09121110000' }])).toBe('RATE_LIMITED');
    expect(await refusal([{ mobile: '09121110001' }, { mobile: '09121110002' }, { mobile: '09121110001' }])).toBe(
      'admitted',
    );
    expect(await refusal([{ mobile: '09121110002' }])).toBe('RATE_LIMITED');
    expect(await refusal([])).toBe('admitted');
  });

  it('allows one SMS a minute per mobile and per national id, and says when the next is allowed', async () => {
    const clock = { now: 10_000_000 };
    const throttle = create(() => clock.now);
    expect(await outcome(throttle)).toBe('admitted');
    clock.now += 15_000;
    expect(await outcome(throttle)).toEqual({ code: 'RATE_LIMITED', retryAfter: 45 });
    expect(await refusalMessage(throttle)).toBe('Too many SMS for this mobile number or person; retry later.');
    // Another mobile for the same person, another person on the same mobile: both refused.
    expect(await outcome(throttle, { ...ALI, mobile: '09350000000' })).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await outcome(throttle, { ...ALI, nationalId: '0084575948' })).toMatchObject({ code: 'RATE_LIMITED' });
    // Someone else entirely is not affected.
    expect(await outcome(throttle, { nationalId: '0084575948', mobile: '09350000000' })).toBe('admitted');
    clock.now += 45_000;
    expect(await outcome(throttle)).toBe('admitted');
  });

  it('allows five an hour', async () => {
    const clock = { now: 10_000_000 };
    const throttle = create(() => clock.now);
    for (let i = 0; i < 5; i += 1) {
      expect(await outcome(throttle)).toBe('admitted');
      clock.now += 61_000;
    }
    // The first of the five was 305 s ago: the hour ends 3,295 s from now.
    expect(await outcome(throttle)).toEqual({ code: 'RATE_LIMITED', retryAfter: 3_295 });
    clock.now += 3_295_000;
    expect(await outcome(throttle)).toBe('admitted');
  });

  it('does not count a refused SMS', async () => {
    const clock = { now: 10_000_000 };
    const throttle = create(() => clock.now);
    await outcome(throttle);
    for (let i = 0; i < 10; i += 1) {
      clock.now += 1_000;
      await outcome(throttle);
    }
    clock.now = 10_000_000 + 60_000;
    expect(await outcome(throttle)).toBe('admitted');
  });

  it('counts refusals in the limits metric', async () => {
    const before = (await limitsHit.get()).values.find((value) => value.labels['limit'] === 'sms')?.value ?? 0;
    const throttle = create(() => 10_000_000);
    await outcome(throttle);
    await outcome(throttle);
    const after = (await limitsHit.get()).values.find((value) => value.labels['limit'] === 'sms')?.value ?? 0;
    expect(after - before).toBe(1);
  });
});

describe('the SMS throttle in Redis', () => {
  it('keeps neither the mobile nor the national id in its keys', async () => {
    const keyPrefix = randomPrefix();
    prefixes.push(keyPrefix);
    await new RedisSmsThrottle(redis, { windows: WINDOWS, secret: SECRET, keyPrefix, timeoutMs: 1_000 }).admit(ALI);
    const keys = await keysUnder(redis, keyPrefix);
    expect(keys).toHaveLength(2);
    // One key per kind: the HMAC of the value, base64url.
    expect(keys.map((key) => key.slice(keyPrefix.length).replace(/[\w-]{43}$/, '…')).sort()).toEqual([
      'sms:mobile:…',
      'sms:nid:…',
    ]);
    for (const key of keys) {
      expect(key).not.toContain(ALI.mobile);
      expect(key).not.toContain(ALI.nationalId);
      expect(key).not.toContain(ALI.mobile.slice(1));
      // Expires with the longest window.
      expect(await redis.pttl(key)).toBeGreaterThan(3_500_000);
    }
  });

  it('refuses with SERVICE_UNAVAILABLE at once when Redis cannot be reached', async () => {
    // Commands sent to this client would wait in its queue for as long as it tries to connect.
    const unreachable = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: null, retryStrategy: () => 50 });
    unreachable.on('error', () => undefined);
    try {
      const throttle = new RedisSmsThrottle(unreachable, {
        windows: WINDOWS,
        secret: SECRET,
        keyPrefix: randomPrefix(),
        timeoutMs: 60_000,
      });
      // The timeout is a minute: only refusing without waiting for Redis can pass within the test's time.
      expect(await outcome(throttle)).toEqual({ code: 'SERVICE_UNAVAILABLE', retryAfter: undefined });
    } finally {
      unreachable.disconnect();
    }
  });

  it('refuses with SERVICE_UNAVAILABLE when connected Redis answers with an error', async () => {
    const keyPrefix = randomPrefix();
    prefixes.push(keyPrefix);
    // The mobile's key holds a string: the script's sorted-set commands fail with WRONGTYPE.
    const mobileKey = createHmac('sha256', SECRET).update(`sms-throttle:mobile:${ALI.mobile}`).digest('base64url');
    await redis.set(`${keyPrefix}sms:mobile:${mobileKey}`, 'not a sorted set');
    const throttle = new RedisSmsThrottle(redis, { windows: WINDOWS, secret: SECRET, keyPrefix, timeoutMs: 1_000 });
    expect(await outcome(throttle)).toEqual({ code: 'SERVICE_UNAVAILABLE', retryAfter: undefined });
    expect(await refusalMessage(throttle)).toBe(
      'The SMS throttle cannot be checked right now; no SMS was sent. Retry later.',
    );
    expect(await outcome(throttle, { mobile: '09350000000' })).toBe('admitted');
  });

  it('refuses with SERVICE_UNAVAILABLE when connected Redis does not answer within the timeout', async () => {
    const target = new URL(TEST_REDIS_URL);
    const proxy = await TcpProxy.start(target.hostname, Number(target.port || 6379));
    const stuck = new Redis(proxy.url, { maxRetriesPerRequest: 1 });
    stuck.on('error', () => undefined);
    const keyPrefix = randomPrefix();
    prefixes.push(keyPrefix);
    try {
      await stuck.ping();
      const throttle = new RedisSmsThrottle(stuck, { windows: WINDOWS, secret: SECRET, keyPrefix, timeoutMs: 100 });
      proxy.hang();
      expect(stuck.status).toBe('ready');
      expect(await outcome(throttle)).toEqual({ code: 'SERVICE_UNAVAILABLE', retryAfter: undefined });
    } finally {
      await proxy.up();
      stuck.disconnect();
      await proxy.down();
    }
  });

  it('does not ask Redis when no window is on or a send has no recipient', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: null, retryStrategy: () => 50 });
    unreachable.on('error', () => undefined);
    try {
      const options = { secret: SECRET, keyPrefix: randomPrefix(), timeoutMs: 60_000 };
      const off = new RedisSmsThrottle(unreachable, { ...options, windows: [{ windowMs: 60_000, max: 0 }] });
      expect(await outcome(off)).toBe('admitted');
      const on = new RedisSmsThrottle(unreachable, { ...options, windows: WINDOWS });
      await expect(on.admitAll([])).resolves.toBeUndefined();
      expect(await outcome(on)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      unreachable.disconnect();
    }
  });

  it('turns off a window of no SMS or no length', async () => {
    const off = new MemorySmsThrottle({
      windows: [
        { windowMs: 60_000, max: 0 },
        { windowMs: 0, max: 1 },
      ],
      secret: SECRET,
    });
    for (let i = 0; i < 10; i += 1) expect(await outcome(off)).toBe('admitted');
    const clock = { now: 10_000_000 };
    const one = new MemorySmsThrottle({
      windows: [
        { windowMs: 3_600_000, max: 0 },
        { windowMs: 60_000, max: 1 },
      ],
      secret: SECRET,
      clock: { now: () => clock.now },
    });
    expect(await outcome(one)).toBe('admitted');
    expect(await outcome(one)).toEqual({ code: 'RATE_LIMITED', retryAfter: 60 });
  });

  it('throttles nothing when every window is off', async () => {
    const throttle = new MemorySmsThrottle({ windows: [], secret: SECRET });
    for (let i = 0; i < 10; i += 1) expect(await outcome(throttle)).toBe('admitted');
  });
});

describe('the SMS throttle in memory', () => {
  it('forgets numbers with nothing left in the longest window', async () => {
    const clock = { now: 10_000_000 };
    const throttle = new MemorySmsThrottle({ windows: WINDOWS, secret: SECRET, clock: { now: () => clock.now } });
    for (let i = 0; i < 100; i += 1)
      await throttle.admit({ nationalId: String(i).padStart(10, '0'), mobile: `0912${String(i).padStart(7, '0')}` });
    expect(throttle.tracked).toBe(200);
    clock.now += 3_600_001;
    await throttle.admit(ALI);
    expect(throttle.tracked).toBe(2);
  });

  it('sweeps once per longest window, from the first check, keeping a number with a send inside it', async () => {
    const start = 10_000_000;
    const clock = { now: start };
    const throttle = new MemorySmsThrottle({ windows: WINDOWS, secret: SECRET, clock: { now: () => clock.now } });
    await throttle.admit({ mobile: '09120000001' });
    await throttle.admit({ mobile: '09120000002' });
    clock.now = start + 3_600_000 - 30_000;
    await throttle.admit({ mobile: '09120000002' });
    expect(throttle.tracked).toBe(2);
    // An hour after the first check: the first number's send is an hour old and is forgotten; the
    // second number, with one as old and one 30 s ago, is kept and still refused.
    clock.now = start + 3_600_000;
    expect(await outcome(throttle, { mobile: '09120000003' })).toBe('admitted');
    expect(throttle.tracked).toBe(2);
    expect(await outcome(throttle, { mobile: '09120000002' })).toEqual({ code: 'RATE_LIMITED', retryAfter: 30 });
    // Not swept again before another hour has passed, though the second number's sends are all old by then.
    clock.now = start + 2 * 3_600_000 - 1;
    expect(await outcome(throttle, { mobile: '09120000004' })).toBe('admitted');
    expect(throttle.tracked).toBe(3);
    clock.now = start + 2 * 3_600_000;
    expect(await outcome(throttle, { mobile: '09120000005' })).toBe('admitted');
    expect(throttle.tracked).toBe(2);
  });
});
