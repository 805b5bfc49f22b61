import { Redis } from 'ioredis';
import type { RedisConfig } from './config.js';
import type { Logger } from './logger.js';

/**
 * Connects the process's one Redis client (its owner closes it with `closeRedis`). Start-up fails when
 * the server cannot be reached: without its store the subgraph could not keep an idempotency key.
 */
export async function connectRedis(config: RedisConfig, logger: Logger): Promise<Redis> {
  const redis = new Redis(config.url, { lazyConnect: true });
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
    throw new Error(`Redis at REDIS_URL cannot be reached: ${lastError || (error instanceof Error ? error.message : String(error))}`);
  }
  return redis;
}

/** Waits for the replies still due, then disconnects. */
export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
