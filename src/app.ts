import { DEFAULT_REDIRECT_URI, type Config } from './config.js';
import { MemoryConsentStore } from './consent/memoryStore.js';
import { ConsentService } from './consent/service.js';
import { UpstreamGrants } from './consent/upstreamGrants.js';
import { UpstreamClient } from './datasources/upstream/client.js';
import { createHttpTransport } from './datasources/upstream/http.js';
import { OAuthEndpoint, TokenBroker } from './datasources/upstream/tokenBroker.js';
import type { Services } from './context.js';
import { JobEngine } from './jobs/engine.js';
import { ActionDesk } from './jobs/actionDesk.js';
import { actionTrackIds, actionTrackKey } from './jobs/actionTrackIds.js';
import { upstreamJobKinds } from './datasources/flows/index.js';
import { MemoryJobEvents } from './jobs/memoryEvents.js';
import { MemoryJobStore } from './jobs/memoryStore.js';
import { RedisJobStore } from './jobs/redisStore.js';
import type { JobStore } from './jobs/types.js';
import { CallerRateLimiter } from './limits/rateLimiter.js';
import { MemorySmsThrottle, RedisSmsThrottle, type SmsThrottle } from './limits/smsThrottle.js';
import type { Logger } from './logger.js';
import { checkRedisServer, closeRedis, connectRedis, redisSettings } from './redis.js';
import { startEmbeddedSandbox, type EmbeddedSandbox } from './embeddedSandbox.js';
import { RedisStoreHealth, memoryStoreHealth, type StoreHealth } from './storeHealth.js';

/** How long a finished job stays readable through `Query.job`. */
const FINISHED_JOB_RETENTION_MS = 60 * 60_000;
/** How long `/readyz` trusts the last PING of the store. */
const STORE_HEALTH_CACHE_MS = 1_000;

export interface AppServices extends Services {
  /** The embedded sandbox, when no upstream base URL is configured. */
  readonly sandbox: EmbeddedSandbox | null;
  readonly upstreamUrl: string;
  /** Whether the job store answers; `/readyz` is 503 while it does not. */
  readonly storeHealth: StoreHealth;
  close(): Promise<void>;
}

/** Builds the process-wide services: upstream client, token broker, job engine, and the sandbox if needed. */
export async function createServices(config: Config, logger: Logger): Promise<AppServices> {
  const { upstream } = config;
  // One client for the process; what else comes to live in Redis (job events, a poll lease) shares it.
  const redis = config.redis ? await connectRedis(config.redis, logger) : null;
  if (redis && config.redis) {
    try {
      await checkRedisServer(redisSettings(redis), config.redis, logger);
    } catch (error) {
      await closeRedis(redis);
      throw error;
    }
  }
  // Loaded only when it runs: a process in front of the real upstream never loads the sandbox's code,
  // and the build has none of it (a build started without an upstream fails here, naming the variable).
  let sandbox: EmbeddedSandbox | null = null;
  if (!upstream.baseUrl) {
    try {
      sandbox = await startEmbeddedSandbox({
        clientId: upstream.clientId,
        clientSecret: upstream.clientSecret,
        clientNid: upstream.clientNid,
        asyncDelayMs: config.sandbox.asyncDelayMs,
        admin: config.sandbox.admin,
      });
    } catch (error) {
      if (redis) await closeRedis(redis);
      throw error;
    }
  }
  const baseUrl = upstream.baseUrl ?? sandbox!.url;

  const http = createHttpTransport({ connections: upstream.connections });
  const tokens = new TokenBroker({
    http,
    baseUrl,
    clientId: upstream.clientId,
    clientSecret: upstream.clientSecret,
    clientNid: upstream.clientNid,
    timeoutMs: upstream.timeoutMs,
    refreshMarginMs: upstream.tokenRefreshMarginMs,
    logger,
  });
  const consentStore = new MemoryConsentStore();
  const consents = new ConsentService({
    store: consentStore,
    grants: new UpstreamGrants(
      new OAuthEndpoint({
        http,
        baseUrl,
        clientId: upstream.clientId,
        clientSecret: upstream.clientSecret,
        timeoutMs: upstream.timeoutMs,
      }),
      upstream.redirectUri,
    ),
    logger,
    smsPendingMs: config.consent.smsPendingMs,
    codePendingMs: config.consent.codePendingMs,
    refreshMarginMs: upstream.tokenRefreshMarginMs,
  });
  if (upstream.baseUrl && upstream.redirectUri === DEFAULT_REDIRECT_URI) {
    logger.warn(
      { redirectUri: upstream.redirectUri },
      'UPSTREAM_REDIRECT_URI is the sandbox default; the upstream accepts only the redirect URI registered for the client',
    );
  }
  const client = new UpstreamClient({
    http,
    tokens,
    baseUrl,
    clientId: upstream.clientId,
    timeoutMs: upstream.timeoutMs,
    maxConcurrency: upstream.maxConcurrency,
    connections: upstream.connections,
    resilience: upstream.resilience,
    logger,
  });

  const store: JobStore =
    redis && config.redis
      ? new RedisJobStore(redis, { retentionMs: FINISHED_JOB_RETENTION_MS, keyPrefix: config.redis.keyPrefix })
      : new MemoryJobStore(FINISHED_JOB_RETENTION_MS);
  const events = new MemoryJobEvents();
  const jobs = new JobEngine({
    store,
    events,
    kinds: upstreamJobKinds({ settleMs: config.jobs.actionSettleMs }),
    upstream: {
      send: (operationId, options) => client.call(operationId, options),
      // A job asked under a person's consent keeps the consent's key; each of its calls looks the consent up anew.
      underConsent: (consentKey) => {
        const consent = consents.credentialsAt(consentKey);
        return { send: (operationId, options) => client.call(operationId, { ...options, consent }) };
      },
    },
    config: config.jobs,
    logger,
  });
  await jobs.resume();
  const trackIds = actionTrackIds(
    actionTrackKey(config.jobs.actionTrackSecret, upstream.clientSecret),
    upstream.clientId,
  );
  const actions = new ActionDesk(jobs, logger, config.jobs.actionKeyRetentionMs, trackIds);
  // Keyed with the client secret every replica shares: the hashed mobile numbers and ids match across replicas.
  const throttleWindows = { windows: config.smsThrottle.windows, secret: upstream.clientSecret };
  const smsThrottle: SmsThrottle =
    redis && config.redis
      ? new RedisSmsThrottle(redis, {
          ...throttleWindows,
          keyPrefix: config.redis.keyPrefix,
          timeoutMs: config.smsThrottle.timeoutMs,
        })
      : new MemorySmsThrottle(throttleWindows);

  return {
    client,
    jobs,
    actions,
    consents,
    logger,
    requestConcurrency: upstream.requestConcurrency,
    maxUpstreamCalls: config.limits.maxUpstreamCalls,
    rateLimiter: config.rateLimit ? new CallerRateLimiter(config.rateLimit) : null,
    smsThrottle,
    sandbox,
    upstreamUrl: baseUrl,
    storeHealth: redis ? new RedisStoreHealth(redis, STORE_HEALTH_CACHE_MS) : memoryStoreHealth(),
    async close() {
      await jobs.stop();
      await Promise.all([store.close(), events.close(), consentStore.close()]);
      if (redis) await closeRedis(redis);
      await http.close();
      await sandbox?.close();
    },
  };
}
