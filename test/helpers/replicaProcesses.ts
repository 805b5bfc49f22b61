/** Subgraph processes sharing one Redis and one sandbox, as replicas of one deployment are. */
import type { Sandbox } from '../fixtures/sandbox.js';
import { TEST_CONSENT_KEY } from './harness.js';
import { spawnSubgraph, type ChildRun } from './procUtils.js';
import { TEST_REDIS_URL } from './redis.js';

/** Starts a replica: a subgraph process on a port of its own, in front of `sandbox`, keys under `prefix`. */
export function spawnReplica(sandbox: Sandbox, prefix: string, env: Record<string, string>): ChildRun {
  return spawnSubgraph({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_CLIENT_ID: sandbox.options.clientId,
    UPSTREAM_CLIENT_SECRET: sandbox.options.clientSecret,
    UPSTREAM_CLIENT_NID: sandbox.options.clientNid,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    CONSENT_ENCRYPTION_KEY: TEST_CONSENT_KEY,
    RATE_LIMIT_PER_SECOND: '0',
    ...env,
  });
}
