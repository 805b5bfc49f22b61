import { BillingAPI } from './billing.js';
import { RequestUpstream } from './requestUpstream.js';
import type { UpstreamClient } from './upstream/client.js';

/** The datasources of one GraphQL operation; each holds its own loaders. */
export interface DataSources {
  readonly billing: BillingAPI;
}

export function createDataSources(client: Pick<UpstreamClient, 'call'>, requestConcurrency: number, signal?: AbortSignal): DataSources {
  const upstream = new RequestUpstream(client, requestConcurrency, signal);
  return { billing: new BillingAPI(upstream) };
}
