/** A real Redis for the tests, each under a key prefix of its own. */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** A prefix no other test uses: `test:<uuid>:`. */
export const randomPrefix = (): string => `test:${randomUUID()}:`;

export function testRedis(): Redis {
  return new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  if (!prefix.startsWith('test:')) throw new Error(`not a test prefix: '${prefix}'`);
  const keys = await keysUnder(redis, prefix);
  if (keys.length > 0) await redis.del(...keys);
}

export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}
