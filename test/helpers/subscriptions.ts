import { createClient, type Client } from 'graphql-ws';
import { afterAll } from 'vitest';
import WebSocket from 'ws';

/** Every event of a subscription until it completes, with the errors it carried. */
export interface Collected<T> {
  events: T[];
  errors: Array<{ message: string; extensions?: Record<string, unknown> }>;
  error?: unknown;
}

/** Subscribes and collects every event until the subscription completes or fails. */
export function collect<T>(client: Client, query: string, variables: Record<string, unknown>): Promise<Collected<T>> {
  const collected: Collected<T> = { events: [], errors: [] };
  return new Promise((resolve) => {
    client.subscribe<T>(
      { query, variables },
      {
        next: (value) => {
          if (value.data) collected.events.push(value.data);
          collected.errors.push(...((value.errors ?? []) as Collected<T>['errors']));
        },
        error: (error) => resolve({ ...collected, error }),
        complete: () => resolve(collected),
      },
    );
  });
}

/**
 * A maker of graphql-ws clients of a subgraph (by its HTTP URL), which connect without retrying, each
 * disposed of when the file's tests are done.
 */
export function useWsClients(): (httpUrl: string) => Client {
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
  });
  return (httpUrl) => {
    const client = createClient({ url: httpUrl.replace('http', 'ws'), webSocketImpl: WebSocket, retryAttempts: 0 });
    clients.push(client);
    return client;
  };
}
