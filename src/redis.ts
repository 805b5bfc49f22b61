import { Redis } from 'ioredis';
import { ConfigError, type RedisConfig } from './config.js';
import { ServiceUnavailableError } from './errors.js';
import type { Logger } from './logger.js';

/**
 * Connects the process's one Redis client (its owner closes it with `closeRedis`). Start-up fails when
 * the server cannot be reached: without its store the subgraph could not keep an idempotency key.
 *
 * Nothing waits on an unreachable store: a command fails after `commandTimeoutMs`, and at once while
 * the connection is down (no offline queue), so a request that needs the store fails fast instead of
 * hanging. ioredis reconnects by itself in the background.
 */
export async function connectRedis(config: RedisConfig, logger: Logger): Promise<Redis> {
  const redis = new Redis(config.url, {
    lazyConnect: true,
    commandTimeout: config.commandTimeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  let lastError = '';
  // Reconnection is ioredis's; without a listener every failed attempt would be printed as unhandled.
  redis.on('error', (error: Error) => {
    lastError = error.message;
    logger.warn({ err: error.message }, 'redis connection failed');
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis at REDIS_URL cannot be reached: ${lastError || (error instanceof Error ? error.message : String(error))}`,
      {
        cause: error,
      },
    );
  }
  return redis;
}

/** Reads one server setting (`CONFIG GET name`): its value, or null when the server has no such setting. */
export type RedisSettingReader = (name: string) => Promise<string | null>;

export function redisSettings(redis: Redis): RedisSettingReader {
  return async (name) => {
    const reply = await redis.call('CONFIG', 'GET', name);
    return Array.isArray(reply) && typeof reply[1] === 'string' ? reply[1] : null;
  };
}

/**
 * Checks at start-up that the server keeps what the subgraph stores: a job, and with it the idempotency
 * key of a transfer or cheque action, must never be evicted (finished ones carry a TTL, so even a
 * `volatile-*` policy could drop them), so any `maxmemory-policy` but `noeviction` stops start-up unless
 * `allowEviction`. No persistence (neither RDB snapshots nor an AOF) is only warned about: the derived
 * trackIds still keep money from moving twice, but pending actions would be forgotten. Managed servers
 * often disable CONFIG; then nothing can be checked, and a warning says so.
 */
export async function checkRedisServer(
  read: RedisSettingReader,
  options: { allowEviction: boolean },
  logger: Logger,
): Promise<void> {
  let policy: string | null;
  let save: string | null;
  let appendonly: string | null;
  try {
    policy = await read('maxmemory-policy');
    save = await read('save');
    appendonly = await read('appendonly');
  } catch (error) {
    logger.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'Redis CONFIG GET is not available; make sure the server persists its data and uses maxmemory-policy noeviction',
    );
    return;
  }
  if (policy !== null && policy !== 'noeviction') {
    if (!options.allowEviction) {
      throw new ConfigError(
        `Redis at REDIS_URL may evict keys (maxmemory-policy ${policy}): jobs and idempotency keys must never be evicted. ` +
          'Set maxmemory-policy noeviction on the server, or REDIS_ALLOW_EVICTION=true to start anyway.',
      );
    }
    logger.warn({ maxmemoryPolicy: policy }, 'Redis may evict jobs and idempotency keys (REDIS_ALLOW_EVICTION=true)');
  }
  if ((save === null || save.trim() === '') && appendonly !== 'yes') {
    logger.warn(
      'Redis persists nothing (no RDB snapshots, no AOF): a Redis restart forgets pending jobs and idempotency keys',
    );
  }
}

/** Waits for the replies still due, then disconnects. */
export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}

/**
 * Runs `work` against Redis; any failure of Redis becomes SERVICE_UNAVAILABLE with `unavailable` as its
 * message (what a caller learns), the cause kept for the logs.
 */
export async function answeredByRedis<T>(unavailable: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw Object.assign(new ServiceUnavailableError(unavailable), { cause: error });
  }
}
