import { randomUUID } from 'node:crypto';
import type { ConsentService } from './consent/service.js';
import { ConsentSession } from './consent/session.js';
import { createDataSources, type DataSources } from './datasources/index.js';
import type { UpstreamClient } from './datasources/upstream/client.js';
import type { JobEngine } from './jobs/engine.js';
import type { ActionDesk } from './jobs/actionDesk.js';
import { UpstreamBudget } from './limits/upstreamBudget.js';
import type { Logger } from './logger.js';

/** Process-wide services every operation's context is built from. */
export interface Services {
  readonly client: UpstreamClient;
  readonly jobs: JobEngine;
  /** Sends transfers and cheque actions at most once per idempotency key. */
  readonly actions: ActionDesk;
  readonly consents: ConsentService;
  readonly logger: Logger;
  readonly requestConcurrency: number;
  /** Upstream calls one operation may send; null for no bound. */
  readonly maxUpstreamCalls: number | null;
}

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
  /** The upstream calls this operation has sent, against its budget. */
  readonly upstreamBudget: UpstreamBudget;
}

/** Builds the context of one GraphQL operation, for HTTP and WebSocket alike. */
export function createContext(
  services: Services,
  options: { requestId?: string; signal?: AbortSignal; consentHandle?: string | null } = {},
): Context {
  const requestId = options.requestId ?? randomUUID();
  const consent = options.consentHandle ? new ConsentSession(services.consents, options.consentHandle) : null;
  const upstreamBudget = new UpstreamBudget(services.maxUpstreamCalls);
  return {
    requestId,
    upstreamBudget,
    dataSources: createDataSources(services.client, services.requestConcurrency, services.actions, options.signal, consent ?? undefined, upstreamBudget),
    jobs: services.jobs,
    consents: services.consents,
    consent,
    logger: services.logger.child({ requestId }),
  };
}
