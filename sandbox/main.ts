/** Standalone sandbox: `npm run sandbox`. */
import { startSandbox, type SandboxOptions } from './index.js';

function numberFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
  return value;
}

function optionsFromEnv(): SandboxOptions {
  const env = process.env;
  const options: SandboxOptions = { port: numberFromEnv('SANDBOX_PORT') ?? 4010 };
  if (env['SANDBOX_HOST']) options.host = env['SANDBOX_HOST'];
  if (env['SANDBOX_CLIENT_ID']) options.clientId = env['SANDBOX_CLIENT_ID'];
  if (env['SANDBOX_CLIENT_SECRET']) options.clientSecret = env['SANDBOX_CLIENT_SECRET'];
  if (env['SANDBOX_CLIENT_NID']) options.clientNid = env['SANDBOX_CLIENT_NID'];
  const asyncDelayMs = numberFromEnv('SANDBOX_ASYNC_DELAY_MS');
  if (asyncDelayMs !== undefined) options.asyncDelayMs = asyncDelayMs;
  // A fixed delay before every answer, as a distant upstream would add (benchmarks).
  const latencyMs = numberFromEnv('SANDBOX_LATENCY_MS');
  if (latencyMs !== undefined) options.latencyMs = latencyMs;
  const faultSeed = numberFromEnv('SANDBOX_FAULT_SEED');
  if (faultSeed !== undefined) options.faultSeed = faultSeed;
  // The fault-control admin path only when asked for: it lets anyone who reaches the port break the sandbox.
  options.admin = env['SANDBOX_ADMIN'] === 'true';
  return options;
}

const sandbox = await startSandbox(optionsFromEnv());
console.log(
  `Upstream sandbox listening on ${sandbox.url} (client ${sandbox.options.clientId}` +
    `${sandbox.options.latencyMs > 0 ? `, ${sandbox.options.latencyMs} ms before each answer` : ''})`,
);
if (sandbox.admin)
  console.log(
    `Fault control enabled: ${sandbox.url}/__sandbox/faults, ${sandbox.url}/__sandbox/latency and ${sandbox.url}/__sandbox/calls`,
  );

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, closing the sandbox`);
  sandbox.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('The sandbox did not close cleanly:', error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
