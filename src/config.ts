import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Where the upstream sends the person back after a consent; fine for the sandbox, not for the real upstream. */
export const DEFAULT_REDIRECT_URI = 'http://localhost:4001/consent/callback';

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4001),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ROUTER_SECRET: z.string().min(16, 'ROUTER_SECRET must be at least 16 characters').optional(),

    UPSTREAM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    UPSTREAM_CLIENT_ID: z.string().min(1).optional(),
    UPSTREAM_CLIENT_SECRET: z.string().min(1).optional(),
    UPSTREAM_CLIENT_NID: z.string().regex(/^\d{10}$/, 'UPSTREAM_CLIENT_NID must be a 10-digit national id').optional(),
    UPSTREAM_TIMEOUT_MS: positiveInt(10_000),
    UPSTREAM_CONNECTIONS: positiveInt(64),
    UPSTREAM_MAX_CONCURRENCY: positiveInt(256),
    UPSTREAM_REQUEST_CONCURRENCY: positiveInt(16),
    TOKEN_REFRESH_MARGIN_MS: positiveInt(5 * 60_000),
    UPSTREAM_REDIRECT_URI: z.url({ protocol: /^https?$/ }).default(DEFAULT_REDIRECT_URI),
    UPSTREAM_OPERATION_BUDGET_MS: positiveInt(15_000),
    UPSTREAM_RETRY_ATTEMPTS: positiveInt(5),
    UPSTREAM_RETRY_INITIAL_DELAY_MS: positiveInt(100),
    UPSTREAM_RETRY_MAX_DELAY_MS: positiveInt(2_000),
    UPSTREAM_BREAKER_THRESHOLD: z.coerce.number().gt(0).lt(1).default(0.5),
    UPSTREAM_BREAKER_WINDOW_MS: positiveInt(30_000),
    UPSTREAM_BREAKER_MIN_CALLS: positiveInt(20),
    UPSTREAM_BREAKER_HALF_OPEN_MS: positiveInt(10_000),

    CONSENT_SMS_PENDING_MS: positiveInt(3 * 60_000),
    CONSENT_CODE_PENDING_MS: positiveInt(10 * 60_000),

    JOB_POLL_INITIAL_MS: positiveInt(500),
    JOB_POLL_MAX_MS: positiveInt(10_000),
    JOB_MAX_AGE_MS: positiveInt(15 * 60_000),
    // Half an hour: the upstream asks callers to look a transfer up 30 minutes after an unclear answer.
    ACTION_SETTLE_MS: positiveInt(30 * 60_000),
    ACTION_KEY_RETENTION_MS: positiveInt(7 * 24 * 60 * 60_000),

    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    REDIS_KEY_PREFIX: z.string().min(1).max(100).default('subgraph:'),

    SANDBOX_ASYNC_DELAY_MS: z.coerce.number().int().min(0).default(3_000),
    SANDBOX_ADMIN: z.enum(['true', 'false']).default('false'),
    SHUTDOWN_GRACE_MS: positiveInt(10_000),
    // 16 MiB: two 5 MiB images (the upstream's limit) are about 13.4 MiB in base64, plus the query.
    MAX_REQUEST_BYTES: positiveInt(16 * 1024 * 1024),
  })
  .superRefine((env, ctx) => {
    // A transfer whose answer timed out may still be on its way: "no such transfer" must not be final before it can have landed.
    if (env.ACTION_SETTLE_MS < 2 * env.UPSTREAM_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['ACTION_SETTLE_MS'], message: 'ACTION_SETTLE_MS must be at least twice UPSTREAM_TIMEOUT_MS' });
    }
    if (!env.UPSTREAM_BASE_URL) return;
    for (const key of ['UPSTREAM_CLIENT_ID', 'UPSTREAM_CLIENT_SECRET', 'UPSTREAM_CLIENT_NID'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when UPSTREAM_BASE_URL is set` });
    }
  });

export interface UpstreamConfig {
  /** Base URL of the upstream; null runs the embedded sandbox in-process. */
  readonly baseUrl: string | null;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly clientNid: string;
  readonly timeoutMs: number;
  readonly connections: number;
  /** Upstream calls in flight at once across the process. */
  readonly maxConcurrency: number;
  /** Upstream calls in flight at once for one GraphQL operation. */
  readonly requestConcurrency: number;
  readonly tokenRefreshMarginMs: number;
  /**
   * The `redirect_uri` of the user grants (wire facts §2.3–2.4): the page the person's browser lands
   * on with the authorization code. Its domain must be the one registered for the client upstream.
   */
  readonly redirectUri: string;
  readonly resilience: ResilienceConfig;
}

/** How calls to the upstream survive its faults (see src/datasources/upstream/resilience.ts). */
export interface ResilienceConfig {
  /** Longest time one upstream call may take, all its attempts and waits between them included. */
  readonly operationBudgetMs: number;
  /** Attempts of a call the catalog marks safe to resend, the first one included (1: never retried). */
  readonly retryAttempts: number;
  /** First wait before a retry; later waits grow exponentially with jitter up to `retryMaxDelayMs`. */
  readonly retryInitialDelayMs: number;
  readonly retryMaxDelayMs: number;
  /** An upstream group's breaker opens when more than this share of its calls in the window failed… */
  readonly breakerThreshold: number;
  readonly breakerWindowMs: number;
  /** …and the window holds at least this many calls. */
  readonly breakerMinCalls: number;
  /** How long an open breaker refuses calls before it lets one probe through. */
  readonly breakerHalfOpenMs: number;
}

export interface ConsentConfig {
  /** How long an SMS consent waits for its OTP (the upstream's OTP lives 3 minutes). */
  readonly smsPendingMs: number;
  /** How long a code consent waits for its authorization code. */
  readonly codePendingMs: number;
}

export interface JobsConfig {
  readonly pollInitialMs: number;
  readonly pollMaxMs: number;
  readonly maxAgeMs: number;
  /**
   * How long after a transfer or cheque action was claimed the upstream's "no such transfer" or "no
   * such call" stays inconclusive (the request may still be on its way); after it, the action is known
   * never to have been applied.
   */
  readonly actionSettleMs: number;
  /** How long the idempotency key of a transfer or cheque action is kept: a retry within it never sends again. */
  readonly actionKeyRetentionMs: number;
}

/** A Redis server shared by the processes of one deployment. */
export interface RedisConfig {
  readonly url: string;
  /** Prefix of every key the subgraph writes, so deployments (or tests) sharing a server stay apart. */
  readonly keyPrefix: string;
}

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  readonly routerSecret: string | null;
  readonly upstream: UpstreamConfig;
  readonly jobs: JobsConfig;
  /** Where jobs (and so idempotency keys) are stored; null keeps them in this process's memory. */
  readonly redis: RedisConfig | null;
  readonly consent: ConsentConfig;
  readonly sandbox: {
    readonly asyncDelayMs: number;
    /** Whether the embedded sandbox serves its fault-control admin path (`/__sandbox/…`). */
    readonly admin: boolean;
  };
  readonly shutdownGraceMs: number;
  /** Largest HTTP request body accepted; a larger one is answered 413. */
  readonly maxRequestBytes: number;
}

/** Credentials the embedded sandbox accepts; used only when no upstream is configured. */
export const SANDBOX_CREDENTIALS = { clientId: 'sandbox-client', clientSecret: 'sandbox-secret', clientNid: '0499370899' } as const;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment once into a frozen config; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const sandboxed = !e.UPSTREAM_BASE_URL;
  return deepFreeze({
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    routerSecret: e.ROUTER_SECRET ?? null,
    upstream: {
      baseUrl: e.UPSTREAM_BASE_URL?.replace(/\/+$/, '') ?? null,
      clientId: sandboxed ? SANDBOX_CREDENTIALS.clientId : e.UPSTREAM_CLIENT_ID!,
      clientSecret: sandboxed ? SANDBOX_CREDENTIALS.clientSecret : e.UPSTREAM_CLIENT_SECRET!,
      clientNid: sandboxed ? SANDBOX_CREDENTIALS.clientNid : e.UPSTREAM_CLIENT_NID!,
      timeoutMs: e.UPSTREAM_TIMEOUT_MS,
      connections: e.UPSTREAM_CONNECTIONS,
      maxConcurrency: e.UPSTREAM_MAX_CONCURRENCY,
      requestConcurrency: e.UPSTREAM_REQUEST_CONCURRENCY,
      tokenRefreshMarginMs: e.TOKEN_REFRESH_MARGIN_MS,
      redirectUri: e.UPSTREAM_REDIRECT_URI,
      resilience: {
        operationBudgetMs: e.UPSTREAM_OPERATION_BUDGET_MS,
        retryAttempts: e.UPSTREAM_RETRY_ATTEMPTS,
        retryInitialDelayMs: e.UPSTREAM_RETRY_INITIAL_DELAY_MS,
        retryMaxDelayMs: e.UPSTREAM_RETRY_MAX_DELAY_MS,
        breakerThreshold: e.UPSTREAM_BREAKER_THRESHOLD,
        breakerWindowMs: e.UPSTREAM_BREAKER_WINDOW_MS,
        breakerMinCalls: e.UPSTREAM_BREAKER_MIN_CALLS,
        breakerHalfOpenMs: e.UPSTREAM_BREAKER_HALF_OPEN_MS,
      },
    },
    jobs: { pollInitialMs: e.JOB_POLL_INITIAL_MS, pollMaxMs: e.JOB_POLL_MAX_MS, maxAgeMs: e.JOB_MAX_AGE_MS, actionSettleMs: e.ACTION_SETTLE_MS, actionKeyRetentionMs: e.ACTION_KEY_RETENTION_MS },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    consent: { smsPendingMs: e.CONSENT_SMS_PENDING_MS, codePendingMs: e.CONSENT_CODE_PENDING_MS },
    sandbox: { asyncDelayMs: e.SANDBOX_ASYNC_DELAY_MS, admin: e.SANDBOX_ADMIN === 'true' },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    maxRequestBytes: e.MAX_REQUEST_BYTES,
  });
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (child && typeof child === 'object') deepFreeze(child);
  }
  return Object.freeze(value);
}
