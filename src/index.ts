import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config.js';
import { startTracing } from './observability/tracing.js';
import { startServer, type RunningServer } from './server.js';

/** `.env` in the working directory, when there is one; variables already in the environment win. */
const ENV_FILE = '.env';

async function main(): Promise<void> {
  if (existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE);
  const config = loadConfig();
  const stopTracing = startTracing(config.tracing);
  // Listening before the server starts: a signal that comes while it starts (it may already have said it
  // is ready) is acted on once it has started, instead of killing the process half-way.
  let server: RunningServer | null = null;
  let deferred: NodeJS.Signals | null = null;
  let signals = 0;
  // Exit only once the last log lines are written: process.exit does not wait for buffered output.
  const exit = (code: number) => (server ? server.logger.flush(() => process.exit(code)) : process.exit(code));
  const shutdown = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      server?.logger.warn({ signal }, 'second signal; exiting now');
      exit(1);
      return;
    }
    if (!server) {
      deferred = signal;
      return;
    }
    server.logger.info({ signal }, 'shutting down');
    server
      .shutdown()
      .then(() => stopTracing())
      .then(
        () => exit(0),
        (error: unknown) => {
          server?.logger.error({ err: error }, 'shutdown failed');
          exit(1);
        },
      );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  server = await startServer(config);
  if (deferred) {
    signals = 0;
    shutdown(deferred);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
