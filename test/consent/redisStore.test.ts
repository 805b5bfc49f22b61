/**
 * RedisConsentStore against a real Redis: the ConsentStore contract, expiry as Redis TTLs, and records
 * sealed at rest: no token in the stored bytes, and a record that does not open (wrong key, altered,
 * moved to another key) reads as absent.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RedisConsentStore } from '../../src/consent/redisStore.js';
import { ConsentSealer } from '../../src/consent/sealing.js';
import { ErrorCode } from '../../src/errors.js';
import { deleteKeys, keysUnder, randomPrefix, testRedis } from '../helpers/redis.js';
import { at, present } from '../helpers/responses.js';
import { activeRecord, describeConsentStore, pendingRecord } from './storeContract.js';

const redis = testRedis();
const prefixes: string[] = [];
const newKey = () => randomBytes(32).toString('hex');
const KEY = newKey();

function newStore(
  options: { prefix?: string; key?: string; previousKeys?: string[]; lines?: string[]; client?: Redis } = {},
): RedisConsentStore {
  const keyPrefix = options.prefix ?? randomPrefix();
  prefixes.push(keyPrefix);
  const lines = options.lines ?? [];
  return new RedisConsentStore(options.client ?? redis, {
    keyPrefix,
    sealer: new ConsentSealer(options.key ?? KEY, options.previousKeys),
    logger: pino({ level: 'trace', base: undefined }, { write: (line: string) => void lines.push(line) }),
  });
}

afterEach(async () => {
  for (const prefix of prefixes.splice(0)) await deleteKeys(redis, prefix);
});
afterAll(() => redis.quit());

describeConsentStore(() => newStore());

/** Every secret or personal value of the records of the contract. */
const SECRETS = [
  'access-token-9f3c1a7e5b',
  'refresh-token-4d2e8b6a0c',
  'oauth-state-7c1d',
  'otp-track-1',
  '0499370899',
  '09121234567',
];

describe('in Redis', () => {
  it('keeps a record under <prefix>consent:<key>, expiring by a Redis TTL', async () => {
    const prefix = randomPrefix();
    const store = newStore({ prefix });
    await store.create('active:a', activeRecord(), 60_000);
    expect(await keysUnder(redis, prefix)).toEqual([`${prefix}consent:active:a`]);
    const ttl = await redis.pttl(`${prefix}consent:active:a`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await store.update('active:a', activeRecord(), 3_600_000);
    expect(await redis.pttl(`${prefix}consent:active:a`)).toBeGreaterThan(3_500_000);
  });

  it('answers a ping while Redis answers', async () => {
    await expect(newStore().ping()).resolves.toBeUndefined();
  });

  it('is shared: a record written through one client is read through another', async () => {
    const prefix = randomPrefix();
    const other = testRedis();
    try {
      await newStore({ prefix }).create('active:a', activeRecord(), 60_000);
      expect(await newStore({ prefix, client: other }).get('active:a')).toEqual(activeRecord());
    } finally {
      await other.quit();
    }
  });

  it('turns a Redis that does not answer into SERVICE_UNAVAILABLE', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    down.on('error', () => {});
    const store = newStore({ client: down });
    const unavailable = {
      message: 'The consent store does not answer; try again shortly.',
      extensions: { code: ErrorCode.ServiceUnavailable },
      cause: expect.any(Error),
    };
    await expect(store.get('active:a')).rejects.toMatchObject(unavailable);
    await expect(store.create('active:a', activeRecord(), 1_000)).rejects.toMatchObject(unavailable);
    await expect(store.update('active:a', activeRecord(), 1_000)).rejects.toMatchObject(unavailable);
    await expect(store.delete('active:a')).rejects.toMatchObject(unavailable);
    await expect(store.ping()).rejects.toMatchObject(unavailable);
    down.disconnect();
  });
});

describe('sealed at rest', () => {
  it('stores no token, state, trackId, national id or mobile in the clear', async () => {
    const prefix = randomPrefix();
    const store = newStore({ prefix });
    await store.create('active:a', activeRecord(), 60_000);
    await store.create('pending:a', pendingRecord(), 60_000);
    for (const key of await keysUnder(redis, prefix)) {
      const stored = present(await redis.getBuffer(key), `the value of ${key}`);
      const texts = [stored.toString('utf8'), stored.toString('latin1')];
      // Not even base64 of them: the stored bytes are ciphertext.
      for (const secret of SECRETS) {
        for (const text of texts) expect(text).not.toContain(secret);
        expect(stored.toString('utf8')).not.toContain(Buffer.from(secret).toString('base64').slice(0, 12));
      }
      expect(stored.toString('utf8')).toMatch(/^v1\./);
    }
  });

  it('seals the same record differently each time (a random IV per record)', async () => {
    const prefix = randomPrefix();
    const store = newStore({ prefix });
    await store.create('active:a', activeRecord(), 60_000);
    const first = present(await redis.get(`${prefix}consent:active:a`), 'the first sealing');
    await store.create('active:a', activeRecord(), 60_000);
    const second = present(await redis.get(`${prefix}consent:active:a`), 'the second sealing');
    expect(first).not.toBe(second);
    expect(first.split('.')[2]).not.toBe(second.split('.')[2]);
  });

  it('reads a record sealed with another key as absent, and logs why without any secret', async () => {
    const prefix = randomPrefix();
    const lines: string[] = [];
    await newStore({ prefix }).create('active:a', activeRecord(), 60_000);
    const stranger = newStore({ prefix, key: newKey(), lines });
    expect(await stranger.get('active:a')).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('could not be opened');
    expect(lines[0]).toContain('"level":40');
    expect(lines[0]).toContain('"consentKind":"active"');
    expect(lines[0]).toContain('"reason":"sealed with a key that is not configured"');
    for (const secret of [...SECRETS, KEY, 'active:a']) expect(lines[0]).not.toContain(secret);
    // The record is still there (the right key may come back with a rollback); only reading it fails.
    expect(await stranger.delete('active:a')).toBe(true);
  });

  it('opens records sealed with a previous key, and seals new ones with the current key', async () => {
    const prefix = randomPrefix();
    const oldKey = KEY;
    const newer = newKey();
    await newStore({ prefix, key: oldKey }).create('active:old', activeRecord({ id: 'old' }), 60_000);
    const rotated = newStore({ prefix, key: newer, previousKeys: [oldKey] });
    expect((await rotated.get('active:old'))?.id).toBe('old');
    await rotated.create('active:new', activeRecord({ id: 'new' }), 60_000);
    expect((await newStore({ prefix, key: newer }).get('active:new'))?.id).toBe('new');
    // Not readable by a process that only knows the old key: it was sealed with the new one.
    expect(await newStore({ prefix, key: oldKey }).get('active:new')).toBeNull();
    // A renewal re-seals with the current key: the old key is no longer needed for it.
    expect(await rotated.update('active:old', activeRecord({ id: 'old' }), 60_000)).toBe(true);
    expect((await newStore({ prefix, key: newer }).get('active:old'))?.id).toBe('old');
  });

  it.each([
    ['a byte of the ciphertext', 3],
    ['a byte of the IV', 2],
    ['a byte of the tag', 4],
  ])('reads a record whose %s was changed as absent', async (_, part) => {
    const prefix = randomPrefix();
    const lines: string[] = [];
    const store = newStore({ prefix, lines });
    await store.create('active:a', activeRecord(), 60_000);
    const redisKey = `${prefix}consent:active:a`;
    const parts = present(await redis.get(redisKey), 'the sealed record').split('.');
    const bytes = Buffer.from(at(parts, part), 'base64url');
    bytes[0] = at([...bytes], 0) ^ 0x01;
    parts[part] = bytes.toString('base64url');
    await redis.set(redisKey, parts.join('.'), 'KEEPTTL');
    expect(await store.get('active:a')).toBeNull();
    expect(lines.join('\n')).toContain('could not be opened');
  });

  it('reads a record moved under another key as absent (the key is authenticated with it)', async () => {
    const prefix = randomPrefix();
    const store = newStore({ prefix });
    // Someone with write access to Redis copies another person's consent under a handle they hold.
    await store.create('active:victim', activeRecord({ nationalId: '0084575948' }), 60_000);
    await store.create('active:mine', activeRecord(), 60_000);
    await redis.copy(`${prefix}consent:active:victim`, `${prefix}consent:active:mine`, 'REPLACE');
    expect(await store.get('active:mine')).toBeNull();
    expect((await store.get('active:victim'))?.nationalId).toBe('0084575948');
  });

  it('reads a record that opens but is not JSON as absent, and logs its kind only', async () => {
    const prefix = randomPrefix();
    const lines: string[] = [];
    const store = newStore({ prefix, lines });
    await redis.set(`${prefix}consent:pending:a`, new ConsentSealer(KEY).seal('pending:a', 'access-token-9f3c1a7e5b'));
    expect(await store.get('pending:a')).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('a stored consent is unreadable; treated as absent');
    expect(lines[0]).toContain('"consentKind":"pending"');
    expect(lines[0]).not.toContain('access-token-9f3c1a7e5b');
  });

  it('reads garbage as absent', async () => {
    const prefix = randomPrefix();
    const store = newStore({ prefix });
    for (const value of ['', 'hello', JSON.stringify(activeRecord()), 'v1.a.b.c.d', 'v2.x.y.z.w']) {
      await redis.set(`${prefix}consent:active:a`, value);
      expect(await store.get('active:a'), value).toBeNull();
    }
  });
});
