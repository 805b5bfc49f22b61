/** The start-up check of the Redis server: it must not evict, should persist, and may hide its CONFIG. */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { checkRedisServer, redisSettings, type RedisSettingReader } from '../../src/redis.js';
import { testRedis } from '../helpers/redis.js';

function recordingLogger() {
  const warnings: string[] = [];
  const logger = createLogger('silent');
  logger.warn = (...args: unknown[]) => {
    warnings.push(String(args.find((arg) => typeof arg === 'string')));
  };
  return { logger, warnings };
}

const settings =
  (values: Record<string, string>): RedisSettingReader =>
  async (name) =>
    values[name] ?? null;

const PERSISTING = { save: '3600 1 300 100 60 10000', appendonly: 'no' };

describe('the Redis server check at start-up', () => {
  it('accepts noeviction without a word when the server persists', async () => {
    const { logger, warnings } = recordingLogger();
    await checkRedisServer(
      settings({ 'maxmemory-policy': 'noeviction', ...PERSISTING }),
      { allowEviction: false },
      logger,
    );
    expect(warnings).toEqual([]);
  });

  it.each(['allkeys-lru', 'volatile-lru', 'volatile-ttl', 'allkeys-random'])(
    'refuses maxmemory-policy %s, naming the way out',
    async (policy) => {
      const { logger } = recordingLogger();
      const check = checkRedisServer(
        settings({ 'maxmemory-policy': policy, ...PERSISTING }),
        { allowEviction: false },
        logger,
      );
      await expect(check).rejects.toThrow(ConfigError);
      await expect(check).rejects.toThrow(/noeviction.*REDIS_ALLOW_EVICTION=true/s);
    },
  );

  it('starts with an evicting policy when REDIS_ALLOW_EVICTION says so, with a warning', async () => {
    const { logger, warnings } = recordingLogger();
    await checkRedisServer(
      settings({ 'maxmemory-policy': 'allkeys-lru', ...PERSISTING }),
      { allowEviction: true },
      logger,
    );
    expect(warnings).toEqual([expect.stringMatching(/evict/)]);
  });

  it('warns when the server persists nothing, and not when it keeps an append-only file', async () => {
    const none = recordingLogger();
    await checkRedisServer(
      settings({ 'maxmemory-policy': 'noeviction', save: '', appendonly: 'no' }),
      { allowEviction: false },
      none.logger,
    );
    expect(none.warnings).toEqual([expect.stringMatching(/persists nothing/)]);
    const aof = recordingLogger();
    await checkRedisServer(
      settings({ 'maxmemory-policy': 'noeviction', save: '', appendonly: 'yes' }),
      { allowEviction: false },
      aof.logger,
    );
    expect(aof.warnings).toEqual([]);
  });

  it('warns and goes on when CONFIG is not available (managed servers)', async () => {
    const { logger, warnings } = recordingLogger();
    const disabled: RedisSettingReader = () => Promise.reject(new Error("ERR unknown command 'CONFIG'"));
    await checkRedisServer(disabled, { allowEviction: false }, logger);
    expect(warnings).toEqual([expect.stringMatching(/CONFIG GET is not available/)]);
  });

  it('reads the settings of a real server', async () => {
    const redis = testRedis();
    try {
      const policy = await redisSettings(redis)('maxmemory-policy');
      expect(policy).toMatch(/^[a-z-]+$/);
      expect(await redisSettings(redis)('no-such-setting')).toBeNull();
    } finally {
      await redis.quit();
    }
  });
});
