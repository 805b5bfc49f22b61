/**
 * In-process subgraph replicas sharing one sandbox and one Redis, as replicas of a deployment do: each
 * test gets a fresh key prefix; the replicas it started are stopped and its keys deleted after it.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Logger } from '../../src/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../fixtures/sandbox.js';
import { subgraphEnv } from './harness.js';
import { deleteKeys, randomPrefix, testRedis, TEST_REDIS_URL } from './redis.js';

export interface RedisReplicas {
  readonly sandbox: Sandbox;
  /** A client of the shared Redis, for looking at what the replicas stored. */
  readonly redis: ReturnType<typeof testRedis>;
  /** This test's key prefix. */
  readonly prefix: string;
  /** Starts a replica with `env` on top of the shared sandbox, Redis and prefix. */
  start(env?: Record<string, string>, logger?: Logger): Promise<RunningServer>;
  /** Stops a replica before the test ends. */
  stop(server: RunningServer): Promise<void>;
}

export function useRedisReplicas(sandboxOptions: SandboxOptions = {}): RedisReplicas {
  let sandbox: Sandbox | undefined;
  const redis = testRedis();
  const running: RunningServer[] = [];
  let prefix = '';

  beforeAll(async () => {
    sandbox = await startSandbox(sandboxOptions);
  });
  beforeEach(() => {
    prefix = randomPrefix();
    sandbox?.clearCalls();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop()));
    await deleteKeys(redis, prefix);
  });
  afterAll(async () => {
    await sandbox?.close();
    await redis.quit();
  });

  const current = (): Sandbox => {
    if (!sandbox) throw new Error('the sandbox starts in beforeAll');
    return sandbox;
  };
  return {
    get sandbox() {
      return current();
    },
    redis,
    get prefix() {
      return prefix;
    },
    async start(env = {}, logger) {
      const config = loadConfig({
        ...subgraphEnv(current()),
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        ...env,
      });
      const server = await startServer(config, logger ? { logger } : {});
      running.push(server);
      return server;
    },
    async stop(server) {
      running.splice(running.indexOf(server), 1);
      await server.stop();
    },
  };
}
