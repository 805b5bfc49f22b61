import { randomUUID } from 'node:crypto';
import { createDataSources, type DataSources } from './datasources/index.js';
import type { UpstreamClient } from './datasources/upstream/client.js';
import type { JobEngine } from './jobs/engine.js';
import type { Logger } from './logger.js';

/** Process-wide services every operation's context is built from. */
export interface Services {
  readonly client: UpstreamClient;
  readonly jobs: JobEngine;
  readonly logger: Logger;
  readonly requestConcurrency: number;
}

/** What every resolver receives: per-operation datasources and the process-wide job engine. */
export interface Context {
  readonly requestId: string;
  readonly dataSources: DataSources;
  readonly jobs: JobEngine;
  readonly logger: Logger;
}

/** Builds the context of one GraphQL operation, for HTTP and WebSocket alike. */
export function createContext(services: Services, options: { requestId?: string; signal?: AbortSignal } = {}): Context {
  const requestId = options.requestId ?? randomUUID();
  return {
    requestId,
    dataSources: createDataSources(services.client, services.requestConcurrency, options.signal),
    jobs: services.jobs,
    logger: services.logger.child({ requestId }),
  };
}
