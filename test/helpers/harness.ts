import { afterAll, beforeAll, beforeEach } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { systemClock, type Clock } from '../../src/lib/clock.js';
import { SENDER_NUMBERS, startSandbox, type Sandbox, type SandboxOptions } from '../fixtures/sandbox.js';
import { startServer, type RunningServer } from '../../src/server.js';

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, unknown> }>;
}

export interface Harness {
  readonly sandbox: Sandbox;
  readonly server: RunningServer;
  /** The time of day of both the subgraph and its sandbox. */
  readonly clock: Clock;
  /** Posts a GraphQL operation to the subgraph over real HTTP. */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLResponse<T>>;
  /** Calls the sandbox recorded for business operations (the token endpoint left out). */
  upstreamCalls(operationId?: string): ReturnType<Sandbox['calls']>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  sandbox?: Omit<SandboxOptions, 'clock'>;
  env?: Record<string, string>;
  /** The time of day of the subgraph and its sandbox alike (test/helpers/clock.ts); the system clock by default. */
  clock?: Clock;
}

/** The key consents are sealed with in Redis, for tests that set REDIS_URL (unused without it). */
export const TEST_CONSENT_KEY = '6b'.repeat(32);

/** The environment of a quiet subgraph on a free local port in front of `sandbox`, polling jobs fast. */
export function subgraphEnv(sandbox: Sandbox): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_CLIENT_ID: sandbox.options.clientId,
    UPSTREAM_CLIENT_SECRET: sandbox.options.clientSecret,
    UPSTREAM_CLIENT_NID: sandbox.options.clientNid,
    UPSTREAM_TIMEOUT_MS: '1000',
    JOB_POLL_INITIAL_MS: '20',
    JOB_POLL_MAX_MS: '100',
    // Every test comes from 127.0.0.1 and reuses a few people and mobiles: the tests of the rate limit,
    // of the operations in flight and the introspections per caller and of the SMS throttle turn them
    // back on.
    RATE_LIMIT_PER_SECOND: '0',
    LIMIT_MAX_OPERATIONS_PER_CALLER: '0',
    LIMIT_INTROSPECTIONS_PER_MINUTE: '0',
    SMS_THROTTLE_PER_MINUTE: '0',
    SMS_THROTTLE_PER_HOUR: '0',
    CONSENT_ENCRYPTION_KEY: TEST_CONSENT_KEY,
    SMS_SENDER_NUMBERS: SENDER_NUMBERS.join(','),
    // No inbox reads in the background of tests that count upstream calls; the inbound SMS tests poll.
    SMS_INBOX_POLL_MS: '0',
  };
}

/** A subgraph on a free port in front of its own sandbox, as separate HTTP servers. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const clock = options.clock ?? systemClock;
  const sandbox = await startSandbox({ asyncDelayMs: 50, ...options.sandbox, clock });
  const server = await startServer(loadConfig({ ...subgraphEnv(sandbox), ...options.env }), { clock });
  return {
    sandbox,
    server,
    clock,
    gql: (query, variables, headers) => postGraphQL(server.url, query, variables, headers),
    upstreamCalls: (operationId) => sandbox.calls(operationId).filter((call) => call.operationId !== 'token'),
    async close() {
      await server.stop();
      await sandbox.close();
    },
  };
}

/** Posts a GraphQL operation to `url` over real HTTP. */
export async function postGraphQL<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<GraphQLResponse<T>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  try {
    return { status: res.status, ...(JSON.parse(text) as object) };
  } catch {
    return { status: res.status, errors: [{ message: text }] };
  }
}

/**
 * Starts a harness for the file's tests and closes it after them; before each test the sandbox forgets
 * its recorded calls and injected faults. The returned harness stands for the one started.
 */
export function useHarness(options: HarnessOptions = {}): Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness(options);
  });
  afterAll(() => harness?.close());
  beforeEach(() => {
    current().sandbox.clearCalls();
    current().sandbox.clearFaults();
  });
  const current = (): Harness => {
    if (!harness) throw new Error('the harness is not started');
    return harness;
  };
  return {
    get sandbox() {
      return current().sandbox;
    },
    get server() {
      return current().server;
    },
    get clock() {
      return current().clock;
    },
    gql: (query, variables, headers) => current().gql(query, variables, headers),
    upstreamCalls: (operationId) => current().upstreamCalls(operationId),
    close: () => current().close(),
  };
}
