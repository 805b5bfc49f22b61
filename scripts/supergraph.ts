/**
 * `npm run supergraph`: the federated graph through a real gateway, on one machine. Starts this subgraph
 * (against the embedded sandbox, as `npm start` does, on PORT, default 4001) and the customers example
 * (examples/customers, on CUSTOMERS_PORT, default 4002), composes both from their `_service { sdl }`,
 * writes the supergraph SDL to `supergraph.graphql`, and serves it through Hive Gateway on
 * GATEWAY_PORT (default 4000). Ctrl-C stops everything.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { startCustomersSubgraph } from '../examples/customers/server.js';
import { composeSupergraph } from './supergraph/compose.js';
import { CUSTOMERS_SUBGRAPH, INQUIRY_SUBGRAPH, ROUTER_SECRET_HEADER, startGateway } from './supergraph/gateway.js';

export const SUPERGRAPH_FILE = 'supergraph.graphql';
const ENV_FILE = '.env';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

async function main(): Promise<void> {
  if (existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE);
  const config = loadConfig();
  const subgraph = await startServer(config);
  const customers = await startCustomersSubgraph({ port: port('CUSTOMERS_PORT', 4002) });
  const stops: Array<() => Promise<void>> = [() => customers.stop(), () => subgraph.stop()];
  const stopAll = async () => {
    for (const stop of stops) await stop();
  };
  try {
    const supergraphSdl = await composeSupergraph([
      {
        name: INQUIRY_SUBGRAPH,
        url: `http://127.0.0.1:${subgraph.port}/graphql`,
        headers: config.routerSecret ? { [ROUTER_SECRET_HEADER]: config.routerSecret } : {},
      },
      { name: CUSTOMERS_SUBGRAPH, url: customers.url },
    ]);
    writeFileSync(SUPERGRAPH_FILE, supergraphSdl);
    const gateway = await startGateway({
      supergraphSdl,
      port: port('GATEWAY_PORT', 4000),
      routerSecret: config.routerSecret,
    });
    stops.unshift(() => gateway.stop());
    process.stdout.write(
      [
        '',
        `Hive Gateway (the federated graph): ${gateway.url}  (graphql-ws on the same URL)`,
        `  inquiry subgraph:   ${subgraph.url}`,
        `  customers subgraph: ${customers.url}`,
        `  supergraph SDL written to ${SUPERGRAPH_FILE}`,
        'Try: { customers { customerNumber segment company { name customer { since } } } }',
        'Ctrl-C stops everything.',
        '',
      ].join('\n'),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  let stopping = false;
  const shutdown = () => {
    if (stopping) process.exit(1);
    stopping = true;
    stopAll().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`stopping failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
