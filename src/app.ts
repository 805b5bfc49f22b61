import { ConfigError, type Config } from './config.js';
import { MemoryConsentStore } from './consent/memoryStore.js';
import { RedisConsentStore } from './consent/redisStore.js';
import { ConsentSealer } from './consent/sealing.js';
import type { ConsentStore } from './consent/types.js';
import { ConsentService } from './consent/service.js';
import { UpstreamGrants } from './consent/upstreamGrants.js';
import { UpstreamClient } from './datasources/upstream/client.js';
import { createHttpTransport } from './datasources/upstream/http.js';
import { REVOKE_TOKEN_SCOPE } from './datasources/upstream/operations.js';
import { OAuthEndpoint, TokenBroker } from './datasources/upstream/tokenBroker.js';
import type { Services } from './context.js';
import { JobEngine } from './jobs/engine.js';
import { ActionDesk } from './jobs/actionDesk.js';
import { actionTrackIds, actionTrackKey } from './jobs/actionTrackIds.js';
import { upstreamJobKinds } from './datasources/flows/index.js';
import { readInbox } from './datasources/flows/inbox.js';
import { Inbox } from './inbox/index.js';
import { MemoryInboxStream } from './inbox/memoryStream.js';
import { InboxPoller } from './inbox/poller.js';
import { RedisInboxStream } from './inbox/redisStream.js';
import type { InboxStream } from './inbox/types.js';
import { followDeliveryReports } from './inbox/deliveryReports.js';
import type { DeliveryReportHook } from './inbox/webhook.js';
import { MemoryJobEvents } from './jobs/memoryEvents.js';
import { MemoryJobLeases } from './jobs/memoryLeases.js';
import { MemoryJobStore } from './jobs/memoryStore.js';
import { RedisJobEvents } from './jobs/redisEvents.js';
import { RedisJobLeases } from './jobs/redisLeases.js';
import { RedisJobStore } from './jobs/redisStore.js';
import type { JobEvents, JobLeases, JobStore } from './jobs/types.js';
import { CallerRateLimiter } from './limits/rateLimiter.js';
import { MemorySmsThrottle, RedisSmsThrottle, type SmsThrottle } from './limits/smsThrottle.js';
import { systemClock, type Clock } from './lib/clock.js';
import { DownloadLinks } from './lib/downloadLinks.js';
import { SealedIds } from './lib/sealedIds.js';
import type { Logger } from './logger.js';
import { MemoryChallengeStore } from './oneTimePasswords/memoryStore.js';
import { RedisChallengeStore } from './oneTimePasswords/redisStore.js';
import { OneTimePasswords, oneTimePasswordKey } from './oneTimePasswords/service.js';
import type { ChallengeStore } from './oneTimePasswords/types.js';
import { checkRedisServer, closeRedis, connectRedis, redisSettings } from './redis.js';
import { startEmbeddedSandbox, type EmbeddedSandbox } from './embeddedSandbox.js';
import { RedisStoreHealth, memoryStoreHealth, type StoreHealth } from './storeHealth.js';

/** How long a finished job stays readable through `Query.job`. */
const FINISHED_JOB_RETENTION_MS = 60 * 60_000;
/**
 * How long inbound SMS stay in their number's stream, and how long a message is recognised when it arrives
 * again (polled and pushed): well beyond the upstream's 48 hours.
 */
const INBOX_RETENTION_MS = 7 * 24 * 60 * 60_000;
/** How long `/readyz` trusts the last PING of the store. */
const STORE_HEALTH_CACHE_MS = 1_000;

export interface AppServices extends Services {
  /** The embedded sandbox, when no upstream base URL is configured. */
  readonly sandbox: EmbeddedSandbox | null;
  readonly upstreamUrl: string;
  /** Whether the job store answers; `/readyz` is 503 while it does not. */
  readonly storeHealth: StoreHealth;
  /** Polls the inboxes of the sender numbers into their streams. */
  readonly inboxPoller: InboxPoller;
  /** Called with the delivery reports pushed to the SMS webhook. */
  readonly onDeliveryReport: DeliveryReportHook;
  close(): Promise<void>;
}

/** The sealer of consents kept in Redis; loadConfig already refuses Redis without a key. */
function consentSealer(config: Config): ConsentSealer {
  const { encryption } = config.consent;
  if (!encryption) throw new ConfigError('CONSENT_ENCRYPTION_KEY is required when REDIS_URL is set');
  return new ConsentSealer(encryption.key, encryption.previousKeys);
}

export interface ServiceHooks {
  /** What becomes of delivery reports pushed to the SMS webhook; by default they are logged and ignored. */
  readonly onDeliveryReport?: DeliveryReportHook;
}

/**
 * Builds the process-wide services: upstream client, token broker, job engine, and the sandbox if needed.
 * Every one of them, the embedded sandbox included, reads the time of day from `clock`.
 */
export async function createServices(
  config: Config,
  logger: Logger,
  hooks: ServiceHooks = {},
  clock: Clock = systemClock,
): Promise<AppServices> {
  const { upstream } = config;
  const sealer = config.redis ? consentSealer(config) : null;
  // One client for the process, shared by the job and consent stores, the job events (which subscribe on a
  // duplicate: a subscribing connection serves nothing else), the poll leases and the SMS throttle.
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
        clock,
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
    clock,
  });
  // Consents go where jobs go: in Redis (sealed with the configured key) any replica serves them and a
  // restart keeps them; without Redis, in this process's memory.
  const consentStore: ConsentStore =
    redis && config.redis && sealer
      ? new RedisConsentStore(redis, { keyPrefix: config.redis.keyPrefix, sealer, logger })
      : new MemoryConsentStore(clock);
  const consents = new ConsentService({
    store: consentStore,
    grants: new UpstreamGrants(
      new OAuthEndpoint({
        http,
        baseUrl,
        clientId: upstream.clientId,
        clientSecret: upstream.clientSecret,
        timeoutMs: upstream.timeoutMs,
        clock,
      }),
      upstream.redirectUri,
      {
        token: () => tokens.getToken([REVOKE_TOKEN_SCOPE]),
        renew: (rejected) => tokens.replaceRejected([REVOKE_TOKEN_SCOPE], rejected),
      },
    ),
    logger,
    smsPendingMs: config.consent.smsPendingMs,
    codePendingMs: config.consent.codePendingMs,
    refreshMarginMs: upstream.tokenRefreshMarginMs,
    clock,
  });
  if (upstream.baseUrl && !upstream.redirectUriConfigured) {
    logger.warn(
      { redirectUri: upstream.redirectUri },
      "UPSTREAM_REDIRECT_URI is not set: the default is this process's own callback page, but the upstream accepts only the redirect URI registered for the client",
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
    clock,
  });

  const store: JobStore =
    redis && config.redis
      ? new RedisJobStore(redis, { retentionMs: FINISHED_JOB_RETENTION_MS, keyPrefix: config.redis.keyPrefix, clock })
      : new MemoryJobStore(FINISHED_JOB_RETENTION_MS, clock);
  // With Redis, every replica hears every job's changes, and one replica at a time polls a job.
  const events: JobEvents =
    redis && config.redis
      ? new RedisJobEvents(redis, { keyPrefix: config.redis.keyPrefix, logger, latest: (id) => store.get(id) })
      : new MemoryJobEvents();
  const leases: JobLeases =
    redis && config.redis
      ? new RedisJobLeases(redis, { keyPrefix: config.redis.keyPrefix, leaseMs: config.jobs.leaseMs, logger })
      : new MemoryJobLeases();
  const jobs = new JobEngine({
    store,
    events,
    leases,
    kinds: upstreamJobKinds,
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
    clock,
  });
  await jobs.resume();
  const trackIds = actionTrackIds(
    actionTrackKey(config.jobs.actionTrackSecret, upstream.clientSecret),
    upstream.clientId,
  );
  const actions = new ActionDesk(jobs, logger, config.jobs.actionKeyRetentionMs, trackIds, clock);
  // Keyed with the client secret every replica shares: the hashed mobile numbers and ids match across replicas.
  const throttleWindows = { windows: config.smsThrottle.windows, secret: upstream.clientSecret, clock };
  const smsThrottle: SmsThrottle =
    redis && config.redis
      ? new RedisSmsThrottle(redis, {
          ...throttleWindows,
          keyPrefix: config.redis.keyPrefix,
          timeoutMs: config.smsThrottle.timeoutMs,
        })
      : new MemorySmsThrottle(throttleWindows);

  // Inbound SMS go where jobs go; one replica at a time polls a number, under the jobs' poll leases.
  const inboxStream: InboxStream =
    redis && config.redis
      ? new RedisInboxStream(redis, { keyPrefix: config.redis.keyPrefix, retentionMs: INBOX_RETENTION_MS, logger })
      : new MemoryInboxStream(INBOX_RETENTION_MS, clock);
  const inboxPoller = new InboxPoller({
    numbers: config.messaging.senderNumbers,
    stream: inboxStream,
    leases,
    read: (number) =>
      readInbox({ send: (operationId, options) => client.call(operationId, options) }, number, { clock }),
    everyMs: config.messaging.inboxPollMs,
    logger,
  });
  // Each read is an upstream call the client pays for: none when polling is off (messages come by the webhook).
  if (config.messaging.inboxPollMs > 0) inboxPoller.start();
  // One-time passwords go where jobs go; any replica verifies a code another sent.
  const challenges: ChallengeStore =
    redis && config.redis
      ? new RedisChallengeStore(redis, config.redis.keyPrefix, clock)
      : new MemoryChallengeStore(clock);
  const oneTimePasswords = new OneTimePasswords(challenges, {
    key: oneTimePasswordKey(config.consent.encryption?.key ?? null),
    ...config.messaging.oneTimePassword,
    clock,
  });

  return {
    client,
    jobs,
    actions,
    consents,
    logger,
    clock,
    requestConcurrency: upstream.requestConcurrency,
    maxUpstreamCalls: config.limits.maxUpstreamCalls,
    rateLimiter: config.rateLimit ? new CallerRateLimiter({ ...config.rateLimit, clock }) : null,
    smsThrottle,
    checkIds: new SealedIds(upstream.clientSecret, 'transaction-credit-check'),
    downloadLinks: new DownloadLinks({
      secret: upstream.clientSecret,
      ttlMs: config.downloads.linkTtlMs,
      publicUrl: config.downloads.publicUrl,
      clock,
    }),
    smsSenderNumbers: config.messaging.senderNumbers,
    oneTimePasswords,
    sandbox,
    upstreamUrl: baseUrl,
    storeHealth: redis ? new RedisStoreHealth(redis, STORE_HEALTH_CACHE_MS, clock) : memoryStoreHealth(),
    inbox: new Inbox(config.messaging.senderNumbers, inboxStream),
    inboxPoller,
    onDeliveryReport:
      hooks.onDeliveryReport ??
      followDeliveryReports({ listPending: () => store.listPending(), check: (job) => jobs.check(job), logger }),
    async close() {
      await inboxPoller.stop();
      await jobs.stop();
      await Promise.all([
        store.close(),
        events.close(),
        leases.close(),
        consentStore.close(),
        inboxStream.close(),
        challenges.close(),
      ]);
      if (redis) await closeRedis(redis);
      await http.close();
      await sandbox?.close();
    },
  };
}
