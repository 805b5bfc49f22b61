/**
 * The gateway's subscription transport to our subgraph (scripts/supergraph/subscriptionTransport.ts),
 * against a small graphql-ws server that records what each connection presented.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLInt, GraphQLObjectType, GraphQLSchema, parse } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import {
  createSubscriptionTransport,
  type SubgraphExecutionRequest,
  type SubscriptionTransport,
} from '../../scripts/supergraph/subscriptionTransport.js';

const SECRET = 'the-router-secret-of-the-test';

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { zero: { type: GraphQLInt, resolve: () => 0 } } }),
  subscription: new GraphQLObjectType({
    name: 'Subscription',
    fields: {
      count: {
        type: GraphQLInt,
        subscribe: async function* () {
          for (let i = 1; i <= 3; i++) yield { count: i };
        },
      },
    },
  }),
});

describe('the subscription transport to our subgraph', () => {
  let httpServer: Server;
  let url: string;
  /** The connectionParams of every connection attempt, refused or not. */
  const connections: Array<Record<string, unknown> | undefined> = [];
  const transports: SubscriptionTransport[] = [];

  beforeAll(async () => {
    httpServer = createServer();
    const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql' });
    useServer(
      {
        schema,
        onConnect: (ctx) => {
          connections.push(ctx.connectionParams);
          return ctx.connectionParams?.['routerSecret'] === SECRET;
        },
      },
      wsServer,
    );
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/graphql`;
  });

  afterEach(async () => {
    await Promise.all(transports.splice(0).map((transport) => transport.dispose()));
    connections.length = 0;
  });

  afterAll(async () => {
    httpServer.closeAllConnections();
    await new Promise((resolve) => httpServer.close(resolve));
  });

  function executor(routerSecret: string | null) {
    const transport = createSubscriptionTransport({ routerSecret, consentHandleHeader: 'x-consent-handle' });
    transports.push(transport);
    return transport.transport.getSubgraphExecutor({ transportEntry: { location: url } });
  }

  const request = (query: string, headers: Record<string, unknown> = {}): SubgraphExecutionRequest => ({
    document: parse(query),
    context: { headers },
  });

  async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
    const items: T[] = [];
    for await (const item of iterable) items.push(item);
    return items;
  }

  it('presents the router secret and the client consent handle, one connection per consent handle', async () => {
    const execute = executor(SECRET);
    const results = await Promise.all([
      all(execute(request('subscription { count }', { 'x-consent-handle': 'handle-a' }))),
      all(execute(request('subscription { count }', { 'x-consent-handle': 'handle-a' }))),
      all(execute(request('subscription { count }', { 'x-consent-handle': 'handle-b' }))),
      all(execute(request('subscription { count }'))),
    ]);
    for (const result of results) expect(result).toEqual([1, 2, 3].map((count) => ({ data: { count } })));
    expect(connections).toHaveLength(3);
    expect(connections).toEqual(
      expect.arrayContaining([
        { routerSecret: SECRET, consentHandle: 'handle-a' },
        { routerSecret: SECRET, consentHandle: 'handle-b' },
        { routerSecret: SECRET },
      ]),
    );
  });

  it('ends a refused subscription at once with UNAUTHENTICATED, without retrying', async () => {
    const started = Date.now();
    const result = await all(executor('not-the-secret')(request('subscription { count }')));
    expect(result).toEqual([
      {
        errors: [
          {
            message: 'The subgraph refused the gateway: missing or wrong router secret.',
            extensions: { code: 'UNAUTHENTICATED' },
          },
        ],
      },
    ]);
    expect(connections).toEqual([{ routerSecret: 'not-the-secret' }]);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('passes on the errors the subgraph answers with', async () => {
    const result = await all(executor(SECRET)(request('subscription { nothing }')));
    expect(result).toEqual([
      { errors: [expect.objectContaining({ message: 'Cannot query field "nothing" on type "Subscription".' })] },
    ]);
  });
});
