import { readFileSync } from 'node:fs';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { CUSTOMERS, type CustomerRecord } from './data.js';
import { createResolvers, CustomerBook } from './resolvers.js';

const typeDefs = parse(readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'));

export interface CustomersSubgraphOptions {
  /** 0 picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** The customers to serve; a few demo customers when omitted. */
  readonly customers?: readonly CustomerRecord[];
}

export interface RunningCustomersSubgraph {
  /** The GraphQL endpoint, for example `http://127.0.0.1:4002/graphql`. */
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts the customers subgraph: Apollo Server over HTTP, with the data in memory. */
export async function startCustomersSubgraph(
  options: CustomersSubgraphOptions = {},
): Promise<RunningCustomersSubgraph> {
  const schema = buildSubgraphSchema({
    typeDefs,
    resolvers: createResolvers(new CustomerBook(options.customers ?? CUSTOMERS)),
  });
  const server = new ApolloServer({
    schema,
    // The caller owns the signals; the gateway needs no per-field traces.
    stopOnTerminationSignals: false,
    plugins: [ApolloServerPluginInlineTraceDisabled()],
  });
  const { url } = await startStandaloneServer(server, {
    listen: { port: options.port ?? 4002, host: options.host ?? '127.0.0.1' },
  });
  return {
    url: new URL('/graphql', url).href,
    stop: () => server.stop(),
  };
}
