import DataLoader from 'dataloader';
import type { CallOptions, UpstreamClient, UpstreamResult } from './upstream/client.js';
import { Limiter } from './upstream/limiter.js';
import type { OperationId } from './upstream/operations.js';

/** What a datasource needs from the upstream: deduplicated reads and plain writes. */
export interface UpstreamAccess {
  /** A read: one upstream call per distinct (operation, arguments) for the life of this access. */
  read(operationId: OperationId, options: Omit<CallOptions, 'signal'>): Promise<UpstreamResult>;
  /** A call that changes state or must not be shared: always sent, never deduplicated. */
  send(operationId: OperationId, options: Omit<CallOptions, 'signal'>): Promise<UpstreamResult>;
}

/**
 * Upstream access for one GraphQL operation: a DataLoader per upstream operation keyed by the
 * canonical arguments, and a bound on how many of this operation's calls are in flight at once.
 * The upstream has no batch endpoints, so a batch fans out into single calls, in key order.
 */
export class RequestUpstream implements UpstreamAccess {
  private readonly loaders = new Map<OperationId, DataLoader<string, UpstreamResult>>();
  private readonly limiter: Limiter;

  constructor(
    private readonly client: Pick<UpstreamClient, 'call'>,
    concurrency: number,
    private readonly signal?: AbortSignal,
  ) {
    this.limiter = new Limiter(concurrency);
  }

  read(operationId: OperationId, options: Omit<CallOptions, 'signal'>): Promise<UpstreamResult> {
    return this.loaderFor(operationId).load(canonicalJson(options));
  }

  /** Never cancelled when the caller goes away: a write that was sent must get its answer. */
  send(operationId: OperationId, options: Omit<CallOptions, 'signal'>): Promise<UpstreamResult> {
    return this.limiter.run(() => this.client.call(operationId, options));
  }

  private loaderFor(operationId: OperationId): DataLoader<string, UpstreamResult> {
    let loader = this.loaders.get(operationId);
    if (!loader) {
      loader = new DataLoader<string, UpstreamResult>(
        (keys) =>
          Promise.all(
            keys.map((key) =>
              this.limiter.run(() => this.client.call(operationId, this.withSignal(JSON.parse(key) as CallOptions))).catch((error: unknown) =>
                error instanceof Error ? error : new Error(String(error)),
              ),
            ),
          ),
        { name: operationId },
      );
      this.loaders.set(operationId, loader);
    }
    return loader;
  }

  private withSignal(options: Omit<CallOptions, 'signal'>): CallOptions {
    return this.signal ? { ...options, signal: this.signal } : options;
  }
}

/** JSON with object keys sorted and undefined members dropped, so equal arguments give equal keys. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, member]) => member !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
