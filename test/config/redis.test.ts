import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';

/** Consents in Redis are sealed with it: required with REDIS_URL. */
const KEY = { CONSENT_ENCRYPTION_KEY: 'ab'.repeat(32) };

describe('the job store setting', () => {
  it('keeps jobs in memory when REDIS_URL is unset', () => {
    expect(loadConfig({}).redis).toBeNull();
    expect(loadConfig({ REDIS_KEY_PREFIX: 'mine:' }).redis).toBeNull();
  });

  it('takes a redis:// or rediss:// URL, with the key prefix subgraph: unless given', () => {
    expect(loadConfig({ ...KEY, REDIS_URL: 'redis://127.0.0.1:6379/2' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379/2',
      keyPrefix: 'subgraph:',
      commandTimeoutMs: 1000,
      allowEviction: false,
    });
    expect(
      loadConfig({ ...KEY, REDIS_URL: 'rediss://cache.internal:6380', REDIS_KEY_PREFIX: 'payments:' }).redis,
    ).toMatchObject({
      url: 'rediss://cache.internal:6380',
      keyPrefix: 'payments:',
    });
  });

  it('takes the command timeout and the eviction override', () => {
    expect(
      loadConfig({
        ...KEY,
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_COMMAND_TIMEOUT_MS: '250',
        REDIS_ALLOW_EVICTION: 'true',
      }).redis,
    ).toMatchObject({
      commandTimeoutMs: 250,
      allowEviction: true,
    });
    expect(() => loadConfig({ ...KEY, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_ALLOW_EVICTION: 'yes' })).toThrow(
      /REDIS_ALLOW_EVICTION/,
    );
  });

  it('refuses a URL of another scheme, naming the variable', () => {
    expect(() => loadConfig({ ...KEY, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...KEY, REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });

  it('stops start-up when the Redis cannot be reached, rather than serving without its store', async () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ...KEY,
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    await expect(startServer(config)).rejects.toThrow(/REDIS_URL cannot be reached/);
  });
});
