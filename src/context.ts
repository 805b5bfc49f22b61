import { randomUUID } from 'node:crypto';
import type { ConsentService } from './consent/service.js';
import { ConsentSession } from './consent/session.js';
import { createDataSources, type DataSources } from './datasources/index.js';
import type { UpstreamClient } from './datasources/upstream/client.js';
import type { Inbox } from './inbox/index.js';
import type { JobEngine } from './jobs/engine.js';
import type { ActionDesk } from './jobs/actionDesk.js';
import { UpstreamBudget } from './limits/upstreamBudget.js';
import type { Caller } from './limits/callerIdentity.js';
import type { CallerRateLimiter } from './limits/rateLimiter.js';
import type { SmsThrottle } from './limits/smsThrottle.js';
import type { Clock } from './lib/clock.js';
import type { DownloadLinks } from './lib/downloadLinks.js';
import type { SealedIds } from './lib/sealedIds.js';
import type { Logger } from './logger.js';
import type { OneTimePasswords } from './oneTimePasswords/service.js';

/** Process-wide services every operation's context is built from. */
export interface Services {
  readonly client: UpstreamClient;
  readonly jobs: JobEngine;
  /** Sends transfers and cheque actions at most once per idempotency key. */
  readonly actions: ActionDesk;
  readonly consents: ConsentService;
  readonly logger: Logger;
  /** The time of day, for the whole process. */
  readonly clock: Clock;
  readonly requestConcurrency: number;
  /** Upstream calls one operation may send; null for no bound. */
  readonly maxUpstreamCalls: number | null;
  /** Operations per caller; null when the rate limit is off. */
  readonly rateLimiter: CallerRateLimiter | null;
  /** SMS per mobile number and national id, checked before the upstream is asked to send one. */
  readonly smsThrottle: SmsThrottle;
  /** Signs the checkIds of transaction credit challenges, the same on every replica. */
  readonly checkIds: SealedIds;
  /** Hands out and opens the short-lived links to files the subgraph serves. */
  readonly downloadLinks: DownloadLinks;
  /** The inbound SMS of the client's sender numbers. */
  readonly inbox: Inbox;
  /** The sender numbers the upstream assigned to the client. */
  readonly smsSenderNumbers: readonly string[];
  /** Makes, keeps (hashed) and checks the one-time passwords the subgraph texts. */
  readonly oneTimePasswords: OneTimePasswords;
}

/** Who a context is for when the transport named no one. */
const UNKNOWN_CALLER: Caller = { id: 'address:unknown', viaRouter: false };

/** What every resolver receives: per-operation datasources and the process-wide job engine. */
export interface Context {
  readonly requestId: string;
  readonly dataSources: DataSources;
  readonly jobs: JobEngine;
  /** Starts, completes and revokes consents. */
  readonly consents: ConsentService;
  /** The consent the caller presented (its handle), or null; looked up only when a field needs it. */
  readonly consent: ConsentSession | null;
  readonly logger: Logger;
  /** The time of day: "today" for dates, and the instants the answers give. */
  readonly clock: Clock;
  /** The upstream calls this operation has sent, against its budget. */
  readonly upstreamBudget: UpstreamBudget;
  /** Who sent the operation: its upstream calls take turns with other callers', and its rate limit is this caller's. */
  readonly caller: Caller;
  /** Call before asking the upstream to send an SMS; throws RATE_LIMITED or SERVICE_UNAVAILABLE. */
  readonly smsThrottle: SmsThrottle;
  /** Signs and opens the checkIds the subgraph hands out. */
  readonly checkIds: SealedIds;
  /** Hands out short-lived links to files the subgraph serves. */
  readonly downloadLinks: DownloadLinks;
  /** The inbound SMS of the client's sender numbers (process-wide: they are not the caller's). */
  readonly inbox: Inbox;
  /** Makes, keeps (hashed) and checks one-time passwords. */
  readonly oneTimePasswords: OneTimePasswords;
}

/** Builds the context of one GraphQL operation, for HTTP and WebSocket alike. */
export function createContext(
  services: Services,
  options: { requestId?: string; signal?: AbortSignal; consentHandle?: string | null; caller?: Caller } = {},
): Context {
  const requestId = options.requestId ?? randomUUID();
  const consent = options.consentHandle ? new ConsentSession(services.consents, options.consentHandle) : null;
  const upstreamBudget = new UpstreamBudget(services.maxUpstreamCalls);
  const caller = options.caller ?? UNKNOWN_CALLER;
  // The request id alone is not unique enough (a client may send x-request-id): each context is its own lane.
  const lane = { caller: caller.id, request: `${requestId}:${randomUUID()}` };
  let logger: Logger | undefined;
  return {
    requestId,
    upstreamBudget,
    dataSources: createDataSources(
      services.client,
      services.requestConcurrency,
      services.actions,
      { signal: options.signal, consent: consent ?? undefined, budget: upstreamBudget, lane },
      services.smsSenderNumbers,
      services.clock,
    ),
    jobs: services.jobs,
    consents: services.consents,
    consent,
    // Made when first asked for: few operations log, and a child logger per operation showed in profiles.
    get logger() {
      return (logger ??= services.logger.child({ requestId }));
    },
    clock: services.clock,
    caller,
    smsThrottle: services.smsThrottle,
    checkIds: services.checkIds,
    downloadLinks: services.downloadLinks,
    inbox: services.inbox,
    oneTimePasswords: services.oneTimePasswords,
  };
}
