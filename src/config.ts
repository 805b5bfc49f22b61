import { z } from 'zod';
import type { TracingConfig } from './observability/tracing.js';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A limit: a positive bound, or 0 for none. */
const limit = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/**
 * A 32-byte key given as 64 hex characters or as base64 (either alphabet), normalized to hex; null when
 * the text is neither.
 */
export function sealingKeyHex(text: string): string | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return trimmed.toLowerCase();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes.toString('hex') : null;
}

const KEY_FORMAT = 'must be 32 bytes, as 64 hex characters or as base64 (openssl rand -base64 32)';

/** A sealing key of the consent store (see `sealingKeyHex`), normalized to hex. */
const sealingKey = z.string().transform((text, ctx) => {
  const hex = sealingKeyHex(text);
  if (hex === null) {
    ctx.addIssue({ code: 'custom', message: KEY_FORMAT });
    return z.NEVER;
  }
  return hex;
});

/** A host a subscription callback URL may name: its hostname (lowercase, IPv6 in brackets), and its port if one was given. */
export interface CallbackHost {
  readonly hostname: string;
  readonly port: number | null;
}

/** `host` or `host:port` as a CallbackHost; null when it is anything else (a scheme, a path, credentials). */
export function callbackHostOf(entry: string): CallbackHost | null {
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(entry)) return null;
  let url: URL;
  try {
    url = new URL(`http://${entry}`);
  } catch {
    return null;
  }
  const explicitPort = /:(\d{1,5})$/.exec(entry);
  const port = explicitPort ? Number(explicitPort[1]) : null;
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { hostname: url.hostname, port };
}

/**
 * Where the upstream sends the person back after a consent, unless configured: this subgraph's own
 * callback page on its port (4001 when the port is chosen by the system). Fine for the sandbox, not for
 * the real upstream, which takes only the redirect URI registered for the client.
 */
export const defaultRedirectUri = (port: number): string => `http://localhost:${port || 4001}/consent/callback`;

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4001),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ROUTER_SECRET: z.string().min(16, 'ROUTER_SECRET must be at least 16 characters').optional(),
    // Comma-separated hosts (name or address, optionally :port) a router's callback URL may point at; unset: off.
    SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS: z
      .string()
      .transform((text, ctx) => {
        const entries = text
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry !== '');
        const hosts = entries.map(callbackHostOf);
        if (hosts.length === 0 || hosts.some((host) => host === null)) {
          ctx.addIssue({ code: 'custom', message: 'each entry must be a host name or address, optionally with :port' });
          return z.NEVER;
        }
        return hosts as CallbackHost[];
      })
      .optional(),

    UPSTREAM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    UPSTREAM_CLIENT_ID: z.string().min(1).optional(),
    UPSTREAM_CLIENT_SECRET: z.string().min(1).optional(),
    UPSTREAM_CLIENT_NID: z
      .string()
      .regex(/^\d{10}$/, 'UPSTREAM_CLIENT_NID must be a 10-digit national id')
      .optional(),
    UPSTREAM_TIMEOUT_MS: positiveInt(10_000),
    UPSTREAM_CONNECTIONS: positiveInt(64),
    UPSTREAM_MAX_CONCURRENCY: positiveInt(256),
    UPSTREAM_REQUEST_CONCURRENCY: positiveInt(32),
    TOKEN_REFRESH_MARGIN_MS: positiveInt(5 * 60_000),
    UPSTREAM_REDIRECT_URI: z.url({ protocol: /^https?$/ }).optional(),
    UPSTREAM_OPERATION_BUDGET_MS: positiveInt(15_000),
    UPSTREAM_RETRY_ATTEMPTS: positiveInt(5),
    UPSTREAM_RETRY_INITIAL_DELAY_MS: positiveInt(100),
    UPSTREAM_RETRY_MAX_DELAY_MS: positiveInt(2_000),
    UPSTREAM_BREAKER_THRESHOLD: z.coerce.number().gt(0).lt(1).default(0.5),
    UPSTREAM_BREAKER_WINDOW_MS: positiveInt(30_000),
    UPSTREAM_BREAKER_MIN_CALLS: positiveInt(20),
    UPSTREAM_BREAKER_CONSECUTIVE_FAILURES: positiveInt(20),
    UPSTREAM_BREAKER_HALF_OPEN_MS: positiveInt(10_000),

    CONSENT_SMS_PENDING_MS: positiveInt(3 * 60_000),
    CONSENT_CODE_PENDING_MS: positiveInt(10 * 60_000),
    CONSENT_ENCRYPTION_KEY: sealingKey.optional(),
    // Comma-separated keys that open consents sealed before a rotation; they seal nothing.
    CONSENT_ENCRYPTION_PREVIOUS_KEYS: z
      .string()
      .transform((text, ctx) => {
        const keys = text
          .split(',')
          .map((key) => key.trim())
          .filter((key) => key !== '');
        const hex = keys.map(sealingKeyHex);
        if (hex.some((key) => key === null)) {
          ctx.addIssue({ code: 'custom', message: `each key ${KEY_FORMAT}` });
          return z.NEVER;
        }
        return hex as string[];
      })
      .optional(),

    JOB_POLL_INITIAL_MS: positiveInt(500),
    JOB_POLL_MAX_MS: positiveInt(10_000),
    JOB_MAX_AGE_MS: positiveInt(15 * 60_000),
    JOB_LEASE_MS: positiveInt(5_000),
    ACTION_KEY_RETENTION_MS: positiveInt(7 * 24 * 60 * 60_000),
    ACTION_TRACK_SECRET: z.string().min(32, 'ACTION_TRACK_SECRET must be at least 32 characters').optional(),

    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    REDIS_KEY_PREFIX: z.string().min(1).max(100).default('subgraph:'),
    REDIS_COMMAND_TIMEOUT_MS: positiveInt(1_000),
    REDIS_ALLOW_EVICTION: z.enum(['true', 'false']).default('false'),

    // Per caller (router client name, consent or address); 0 turns the rate limit off.
    RATE_LIMIT_PER_SECOND: z.coerce.number().min(0).default(100),
    RATE_LIMIT_BURST: positiveInt(200),
    // SMS per mobile number and per national id; 0 turns that window off.
    SMS_THROTTLE_PER_MINUTE: z.coerce.number().int().min(0).default(1),
    SMS_THROTTLE_PER_HOUR: z.coerce.number().int().min(0).default(5),
    SMS_THROTTLE_TIMEOUT_MS: positiveInt(500),
    // Comma-separated sender numbers the upstream assigned to the client; the sandbox's when it runs embedded.
    SMS_SENDER_NUMBERS: z
      .string()
      .transform((text, ctx) => {
        const numbers = text
          .split(',')
          .map((number) => number.trim())
          .filter((number) => number !== '');
        if (numbers.some((number) => !/^\+?\d{3,20}$/.test(number))) {
          ctx.addIssue({ code: 'custom', message: 'each sender number must be 3 to 20 digits, with an optional +' });
          return z.NEVER;
        }
        return [...new Set(numbers)];
      })
      .optional(),
    SMS_INBOX_POLL_MS: z.coerce.number().int().min(0).default(2_000),
    SMS_WEBHOOK_SECRET: z.string().min(16, 'SMS_WEBHOOK_SECRET must be at least 16 characters').optional(),
    OTP_LIFETIME_MS: positiveInt(3 * 60_000),
    OTP_MAX_ATTEMPTS: positiveInt(5),

    SANDBOX_ASYNC_DELAY_MS: z.coerce.number().int().min(0).default(3_000),
    SANDBOX_ADMIN: z.enum(['true', 'false']).default('false'),
    SHUTDOWN_GRACE_MS: positiveInt(10_000),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(5_000),
    METRICS_ENABLED: z.enum(['true', 'false']).default('true'),
    // Unset: on outside production (NODE_ENV=production).
    EXPLORER_ENABLED: z.enum(['true', 'false']).optional(),
    NODE_ENV: z.string().optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DOWNLOAD_LINK_TTL_MS: positiveInt(300_000),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
    OTEL_SDK_DISABLED: z.enum(['true', 'false']).default('false'),
    OTEL_SERVICE_NAME: z.string().min(1).default('inquiry-subgraph'),
    // 16 MiB: two 5 MiB images (the upstream's limit) are about 13.4 MiB in base64, plus the query.
    MAX_REQUEST_BYTES: positiveInt(16 * 1024 * 1024),
    // Four of the largest bodies at once: what a 512 MB heap holds with their parsed copies.
    MAX_REQUEST_BYTES_HELD: limit(64 * 1024 * 1024),
    REQUEST_TIMEOUT_MS: positiveInt(30_000),

    // Operation limits; 0 turns one off. Defaults: see .env.example.
    LIMIT_MAX_DEPTH: limit(15),
    LIMIT_MAX_ALIASES: limit(30),
    LIMIT_MAX_TOKENS: limit(5_000),
    LIMIT_MAX_QUERY_BYTES: limit(128 * 1024),
    LIMIT_MAX_VARIABLES_DEPTH: limit(32),
    LIMIT_MAX_DIRECTIVES: limit(50),
    LIMIT_MAX_REPEATED_SELECTIONS: limit(10),
    LIMIT_MAX_COST: limit(1_000),
    LIMIT_DEFAULT_LIST_SIZE: positiveInt(10),
    // A router's `_entities` batch of the largest page (100) of the costliest entity (a card, 2 calls),
    // each with one upstream field of its own.
    LIMIT_MAX_UPSTREAM_CALLS: limit(300),
    LIMIT_MAX_RESPONSE_BYTES: limit(16 * 1024 * 1024),
    LIMIT_MAX_OPERATIONS_PER_CALLER: limit(100),
    LIMIT_INTROSPECTIONS_PER_MINUTE: limit(10),
    LIMIT_MAX_OPERATIONS_IN_FLIGHT: limit(1_000),
    LIMIT_MAX_OPERATIONS_PER_SOCKET: limit(100),
    LIMIT_MAX_SOCKET_BUFFER_BYTES: limit(8 * 1024 * 1024),
    LIMIT_BLOCK_FIELD_SUGGESTIONS: z.enum(['true', 'false']).default('true'),
  })
  .superRefine((env, ctx) => {
    // Consents kept in Redis hold the person's upstream tokens: never in the clear.
    if (env.REDIS_URL && !env.CONSENT_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['CONSENT_ENCRYPTION_KEY'],
        message: 'CONSENT_ENCRYPTION_KEY is required when REDIS_URL is set: consents in Redis are encrypted with it',
      });
    }
    if (env.CONSENT_ENCRYPTION_PREVIOUS_KEYS?.length && !env.CONSENT_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['CONSENT_ENCRYPTION_PREVIOUS_KEYS'],
        message: 'CONSENT_ENCRYPTION_PREVIOUS_KEYS needs CONSENT_ENCRYPTION_KEY',
      });
    }
    if (!env.UPSTREAM_BASE_URL) return;
    for (const key of ['UPSTREAM_CLIENT_ID', 'UPSTREAM_CLIENT_SECRET', 'UPSTREAM_CLIENT_NID'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when UPSTREAM_BASE_URL is set` });
    }
  });

/** Every environment variable the subgraph reads. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

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
  /** False when `redirectUri` is the default (UPSTREAM_REDIRECT_URI unset), which the real upstream refuses. */
  readonly redirectUriConfigured: boolean;
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
  /** It also opens after this many failed calls in a row, however healthy the window was before them. */
  readonly breakerConsecutiveFailures: number;
  /** How long an open breaker refuses calls before it lets one probe through. */
  readonly breakerHalfOpenMs: number;
}

export interface ConsentConfig {
  /** How long an SMS consent waits for its OTP (the upstream's OTP lives 3 minutes). */
  readonly smsPendingMs: number;
  /** How long a code consent waits for its authorization code. */
  readonly codePendingMs: number;
  /**
   * The keys consents are sealed with at rest, as 64 hex characters: `key` seals and opens, the previous
   * keys only open (records sealed before a rotation). Null when none is configured (only allowed
   * without Redis: consents then stay in the process's memory).
   */
  readonly encryption: { readonly key: string; readonly previousKeys: readonly string[] } | null;
}

export interface JobsConfig {
  readonly pollInitialMs: number;
  readonly pollMaxMs: number;
  readonly maxAgeMs: number;
  /**
   * With Redis, how long the poll lease of a job lasts: one replica at a time polls a job, renewing its
   * lease while it follows it; when that replica dies, another takes the job over within about 1.5 leases.
   */
  readonly leaseMs: number;
  /** How long the idempotency key of a transfer or cheque action is kept: a retry within it never sends again. */
  readonly actionKeyRetentionMs: number;
  /**
   * The secret the trackIds of transfers and cheque actions are derived with (ACTION_TRACK_SECRET);
   * null derives one from the upstream client secret. Changing it changes every action's trackId.
   */
  readonly actionTrackSecret: string | null;
}

/** A Redis server shared by the processes of one deployment. */
export interface RedisConfig {
  readonly url: string;
  /** Prefix of every key the subgraph writes, so deployments (or tests) sharing a server stay apart. */
  readonly keyPrefix: string;
  /** How long one Redis command may take before it fails (and the request that needed it). */
  readonly commandTimeoutMs: number;
  /** Start even when the server may evict keys (its `maxmemory-policy` is not `noeviction`). */
  readonly allowEviction: boolean;
}

/** Bounds on one GraphQL operation; `null` means the limit is off. */
export interface LimitsConfig {
  /** Deepest field nesting (fragments flattened; introspection's `__schema` not counted). */
  readonly maxDepth: number | null;
  readonly maxAliases: number | null;
  /** Lexical tokens of the document, checked before it is parsed into a tree. */
  readonly maxTokens: number | null;
  /** Bytes of the query text, comments and whitespace included, checked before it is parsed. */
  readonly maxQueryBytes: number | null;
  /** Levels the variables may nest, checked before anything walks them. */
  readonly maxVariablesDepth: number | null;
  readonly maxDirectives: number | null;
  /** Times one response name may be selected in one selection set. */
  readonly maxRepeatedSelections: number | null;
  /** Largest estimated cost, in upstream calls (the schema's `@cost` and `@listSize`). */
  readonly maxCost: number | null;
  /** Items assumed in a list whose size neither `@listSize` nor a slicing argument gives. */
  readonly defaultListSize: number;
  /**
   * Upstream calls one operation may send: an operation estimated over it is refused before it runs, and
   * the calls beyond it (the estimate fell short) fail with OPERATION_LIMIT_EXCEEDED.
   */
  readonly maxUpstreamCalls: number | null;
  /** Largest serialized response (or subscription event) in bytes. */
  readonly maxResponseBytes: number | null;
  /** Introspections of the schema one caller may start a minute, all of them at once; null for no bound. */
  readonly introspectionsPerMinute: number | null;
  /** Operations one caller may have running at once, over both transports (live subscriptions aside). */
  readonly maxOperationsPerCaller: number | null;
  /** Operations the process may have running at once (live subscriptions aside). */
  readonly maxOperationsInFlight: number | null;
  /** Operations one graphql-ws connection may have started and not finished, subscriptions included. */
  readonly maxOperationsPerSocket: number | null;
  /** Bytes a WebSocket may hold unsent before the connection is closed as not reading. */
  readonly maxSocketBufferBytes: number | null;
  /** Drops graphql-js's "Did you mean …" hints from validation errors, so the schema cannot be guessed from them. */
  readonly blockFieldSuggestions: boolean;
}

/** Operations per caller, as a token bucket. */
export interface RateLimitConfig {
  readonly perSecond: number;
  readonly burst: number;
}

/** SMS the upstream is asked to send, per mobile number and per national id. */
export interface SmsThrottleConfig {
  /** At most `max` SMS in any `windowMs`; an empty list throttles nothing. */
  readonly windows: ReadonlyArray<{ readonly windowMs: number; readonly max: number }>;
  /** Longest wait for Redis before an SMS is refused with SERVICE_UNAVAILABLE. */
  readonly timeoutMs: number;
}

/** The links to files the subgraph serves (a credit report's PDF). */
export interface DownloadsConfig {
  /** The subgraph's address as browsers reach it; null: its own listening address. */
  readonly publicUrl: string | null;
  /** How long a link works after it was handed out. */
  readonly linkTtlMs: number;
}

/** SMS (wire facts §4.10): sent from the client's sender numbers, and received on them. */
export interface MessagingConfig {
  /**
   * The sender numbers the upstream assigned to the client: the only `from` a send may name, each one's
   * inbox is polled, and only these can be subscribed to.
   */
  readonly senderNumbers: readonly string[];
  /** The pause between two reads of a number's inbox by the replica polling it; 0: no polling (the webhook alone). */
  readonly inboxPollMs: number;
  /** The shared secret of `POST /webhooks/sms` (`Authorization: Bearer …`); null: the webhook is off (404). */
  readonly webhookSecret: string | null;
  readonly oneTimePassword: {
    /** How long a one-time password may be verified. */
    readonly lifetimeMs: number;
    /** Wrong codes a challenge takes before it is refused for good. */
    readonly maxAttempts: number;
  };
}

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  readonly routerSecret: string | null;
  /**
   * Subscriptions over HTTP callbacks (the Apollo Router's callback mode): the only hosts a callback URL may
   * point at. Null: callback mode is off, and a subscription over HTTP is refused.
   */
  readonly subscriptionCallbackHosts: readonly CallbackHost[] | null;
  readonly upstream: UpstreamConfig;
  readonly jobs: JobsConfig;
  /** Where jobs (and so idempotency keys) are stored; null keeps them in this process's memory. */
  readonly redis: RedisConfig | null;
  readonly consent: ConsentConfig;
  /** Null: no rate limit. */
  readonly rateLimit: RateLimitConfig | null;
  readonly smsThrottle: SmsThrottleConfig;
  readonly messaging: MessagingConfig;
  readonly sandbox: {
    readonly asyncDelayMs: number;
    /** Whether the embedded sandbox serves its fault-control admin path (`/__sandbox/…`). */
    readonly admin: boolean;
  };
  /** How long shutdown waits for in-flight requests before closing their connections. */
  readonly shutdownGraceMs: number;
  /**
   * How long, after SIGTERM, `/readyz` answers 503 while requests are still served, so a load
   * balancer stops sending new ones before the listener closes.
   */
  readonly shutdownDrainMs: number;
  /** Whether `/metrics` answers with the Prometheus metrics. */
  readonly metricsEnabled: boolean;
  /**
   * Whether a browser's GET of `/graphql` is given the GraphiQL explorer (bundled from the sources, never
   * from a CDN; the build has none). Off in production unless asked for.
   */
  readonly explorerEnabled: boolean;
  readonly downloads: DownloadsConfig;
  /** OpenTelemetry tracing over OTLP/HTTP: on when an OTLP endpoint is configured. */
  readonly tracing: TracingConfig;
  /** Largest HTTP request body accepted; a larger one is answered 413. */
  readonly maxRequestBytes: number;
  /** Bytes of request bodies the process holds at once, all requests together; null for no bound. */
  readonly maxRequestBytesHeld: number | null;
  /**
   * How long one GraphQL operation over HTTP may wait on upstream reads; then the reads still waiting or
   * in flight are cancelled and their fields fail. Writes already sent are never cancelled.
   */
  readonly requestTimeoutMs: number;
  readonly limits: LimitsConfig;
}

/** The sender numbers of the embedded sandbox's client; the default when no upstream is configured. */
export const SANDBOX_SENDER_NUMBERS: readonly string[] = ['200000', '30004505'];

/** Credentials the embedded sandbox accepts; used only when no upstream is configured. */
export const SANDBOX_CREDENTIALS = {
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-secret',
  clientNid: '0499370899',
} as const;

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
    subscriptionCallbackHosts: e.SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS ?? null,
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
      redirectUri: e.UPSTREAM_REDIRECT_URI ?? defaultRedirectUri(e.PORT),
      redirectUriConfigured: e.UPSTREAM_REDIRECT_URI !== undefined,
      resilience: {
        operationBudgetMs: e.UPSTREAM_OPERATION_BUDGET_MS,
        retryAttempts: e.UPSTREAM_RETRY_ATTEMPTS,
        retryInitialDelayMs: e.UPSTREAM_RETRY_INITIAL_DELAY_MS,
        retryMaxDelayMs: e.UPSTREAM_RETRY_MAX_DELAY_MS,
        breakerThreshold: e.UPSTREAM_BREAKER_THRESHOLD,
        breakerWindowMs: e.UPSTREAM_BREAKER_WINDOW_MS,
        breakerMinCalls: e.UPSTREAM_BREAKER_MIN_CALLS,
        breakerConsecutiveFailures: e.UPSTREAM_BREAKER_CONSECUTIVE_FAILURES,
        breakerHalfOpenMs: e.UPSTREAM_BREAKER_HALF_OPEN_MS,
      },
    },
    jobs: {
      pollInitialMs: e.JOB_POLL_INITIAL_MS,
      pollMaxMs: e.JOB_POLL_MAX_MS,
      maxAgeMs: e.JOB_MAX_AGE_MS,
      leaseMs: e.JOB_LEASE_MS,
      actionKeyRetentionMs: e.ACTION_KEY_RETENTION_MS,
      actionTrackSecret: e.ACTION_TRACK_SECRET ?? null,
    },
    redis: e.REDIS_URL
      ? {
          url: e.REDIS_URL,
          keyPrefix: e.REDIS_KEY_PREFIX,
          commandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
          allowEviction: e.REDIS_ALLOW_EVICTION === 'true',
        }
      : null,
    consent: {
      smsPendingMs: e.CONSENT_SMS_PENDING_MS,
      codePendingMs: e.CONSENT_CODE_PENDING_MS,
      encryption: e.CONSENT_ENCRYPTION_KEY
        ? { key: e.CONSENT_ENCRYPTION_KEY, previousKeys: e.CONSENT_ENCRYPTION_PREVIOUS_KEYS ?? [] }
        : null,
    },
    rateLimit: e.RATE_LIMIT_PER_SECOND > 0 ? { perSecond: e.RATE_LIMIT_PER_SECOND, burst: e.RATE_LIMIT_BURST } : null,
    smsThrottle: {
      windows: [
        { windowMs: 60_000, max: e.SMS_THROTTLE_PER_MINUTE },
        { windowMs: 60 * 60_000, max: e.SMS_THROTTLE_PER_HOUR },
      ].filter((window) => window.max > 0),
      timeoutMs: e.SMS_THROTTLE_TIMEOUT_MS,
    },
    messaging: {
      senderNumbers: e.SMS_SENDER_NUMBERS ?? (sandboxed ? [...SANDBOX_SENDER_NUMBERS] : []),
      inboxPollMs: e.SMS_INBOX_POLL_MS,
      webhookSecret: e.SMS_WEBHOOK_SECRET ?? null,
      oneTimePassword: { lifetimeMs: e.OTP_LIFETIME_MS, maxAttempts: e.OTP_MAX_ATTEMPTS },
    },
    sandbox: { asyncDelayMs: e.SANDBOX_ASYNC_DELAY_MS, admin: e.SANDBOX_ADMIN === 'true' },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    metricsEnabled: e.METRICS_ENABLED === 'true',
    explorerEnabled: e.EXPLORER_ENABLED ? e.EXPLORER_ENABLED === 'true' : e.NODE_ENV !== 'production',
    downloads: { publicUrl: e.PUBLIC_URL ?? null, linkTtlMs: e.DOWNLOAD_LINK_TTL_MS },
    tracing: {
      enabled:
        e.OTEL_SDK_DISABLED !== 'true' &&
        Boolean(e.OTEL_EXPORTER_OTLP_ENDPOINT ?? e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT),
      serviceName: e.OTEL_SERVICE_NAME,
    },
    maxRequestBytes: e.MAX_REQUEST_BYTES,
    maxRequestBytesHeld: e.MAX_REQUEST_BYTES_HELD || null,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    limits: {
      maxDepth: e.LIMIT_MAX_DEPTH || null,
      maxAliases: e.LIMIT_MAX_ALIASES || null,
      maxTokens: e.LIMIT_MAX_TOKENS || null,
      maxQueryBytes: e.LIMIT_MAX_QUERY_BYTES || null,
      maxVariablesDepth: e.LIMIT_MAX_VARIABLES_DEPTH || null,
      maxDirectives: e.LIMIT_MAX_DIRECTIVES || null,
      maxRepeatedSelections: e.LIMIT_MAX_REPEATED_SELECTIONS || null,
      maxCost: e.LIMIT_MAX_COST || null,
      defaultListSize: e.LIMIT_DEFAULT_LIST_SIZE,
      maxUpstreamCalls: e.LIMIT_MAX_UPSTREAM_CALLS || null,
      maxResponseBytes: e.LIMIT_MAX_RESPONSE_BYTES || null,
      maxOperationsPerCaller: e.LIMIT_MAX_OPERATIONS_PER_CALLER || null,
      introspectionsPerMinute: e.LIMIT_INTROSPECTIONS_PER_MINUTE || null,
      maxOperationsInFlight: e.LIMIT_MAX_OPERATIONS_IN_FLIGHT || null,
      maxOperationsPerSocket: e.LIMIT_MAX_OPERATIONS_PER_SOCKET || null,
      maxSocketBufferBytes: e.LIMIT_MAX_SOCKET_BUFFER_BYTES || null,
      blockFieldSuggestions: e.LIMIT_BLOCK_FIELD_SUGGESTIONS === 'true',
    },
  });
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (child && typeof child === 'object') deepFreeze(child);
  }
  return Object.freeze(value);
}
