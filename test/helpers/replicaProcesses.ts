/** Subgraph processes sharing one Redis and one sandbox, as replicas of one deployment are. */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../fixtures/sandbox.js';
import { TEST_CONSENT_KEY } from './harness.js';
import { openWsClient, readyUrl, spawnSubgraph, type ChildRun, type WsClient } from './procUtils.js';
import { deleteKeys, randomPrefix, testRedis, TEST_REDIS_URL } from './redis.js';

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
    LIMIT_MAX_OPERATIONS_PER_CALLER: '0',
    LIMIT_INTROSPECTIONS_PER_MINUTE: '0',
    ...env,
  });
}

/** A started replica process and its http://…/graphql URL. */
export interface ReplicaProcess {
  readonly run: ChildRun;
  readonly url: string;
}

export interface ReplicaProcesses {
  readonly sandbox: Sandbox;
  /** A client of the shared Redis, for looking at what the processes stored. */
  readonly redis: ReturnType<typeof testRedis>;
  /** The file's key prefix. */
  readonly prefix: string;
  /** Starts a replica process with `env`, and waits until it says it is ready. */
  start(env: Record<string, string>): Promise<ReplicaProcess>;
  /** A graphql-ws client, disposed after the test. */
  connect(wsUrl: string): WsClient;
}

/**
 * Replica processes of one file, sharing its sandbox, Redis and key prefix: the processes and clients a
 * test started are killed and disposed after it; the keys are deleted after the file.
 */
export function useReplicaProcesses(sandboxOptions: SandboxOptions = {}): ReplicaProcesses {
  let sandbox: Sandbox | undefined;
  const redis = testRedis();
  const prefix = randomPrefix();
  const children: ChildRun[] = [];
  const clients: WsClient[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox(sandboxOptions);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
    await Promise.all(children.splice(0).map((child) => child.kill()));
  });
  afterAll(async () => {
    await sandbox?.close();
    await deleteKeys(redis, prefix);
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
    prefix,
    async start(env) {
      const run = spawnReplica(current(), prefix, env);
      children.push(run);
      return { run, url: await readyUrl(run) };
    },
    connect(wsUrl) {
      const client = openWsClient(wsUrl);
      clients.push(client);
      return client;
    },
  };
}
