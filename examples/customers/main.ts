/** Runs the customers subgraph on its own: `node --import tsx examples/customers/main.ts` (PORT, default 4002). */
import { startCustomersSubgraph } from './server.js';

const subgraph = await startCustomersSubgraph({ port: Number(process.env['PORT'] ?? 4002) });
process.stdout.write(`customers subgraph at ${subgraph.url}\n`);
const stop = () => void subgraph.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
