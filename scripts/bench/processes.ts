/**
 * The three processes of `npm run bench`: the sandbox with a fixed latency and its call counts served
 * on the admin path, the subgraph's production build, and the floor, each on a free loopback port.
 */
import { build } from 'esbuild';
import { SANDBOX_CREDENTIALS } from '../../src/config.js';
import { freePort, PROJECT_ROOT, spawnNode, TSX_LOADER, type ChildRun } from '../../test/helpers/procUtils.js';
import { until } from './measure.js';

export interface BenchProcess {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  readonly run: ChildRun;
}

const READY_MS = 60_000;

async function answers(url: string, status = 200): Promise<boolean> {
  const res = await fetch(url).catch(() => null);
  await res?.body?.cancel();
  return res?.status === status;
}

/** Waits until `url` + `probe` answers `status`; kills the process if it exits or never does. */
async function started(name: string, run: ChildRun, url: string, probe: string, status = 200): Promise<BenchProcess> {
  try {
    await until(
      `${name} at ${url}`,
      async () => {
        if (run.child.exitCode !== null) throw new Error(`${name} exited: ${run.stderr()}`);
        return answers(`${url}${probe}`, status);
      },
      READY_MS,
    );
  } catch (error) {
    await run.kill();
    throw error;
  }
  return { name, url, pid: run.child.pid ?? 0, run };
}

/** Calls the sandbox received by operation id ('token' for the token endpoint). */
export type CallCounts = Readonly<Record<string, number>>;

export interface SandboxProcess extends BenchProcess {
  counts(): Promise<CallCounts>;
  /** Forgets the calls received so far (and their trackIds). */
  forget(): Promise<void>;
}

/** `sandbox/main.ts` waiting `latencyMs` before each answer, with the admin path on. */
export async function startSandboxProcess(latencyMs: number): Promise<SandboxProcess> {
  const port = await freePort();
  const run = spawnNode(['--import', TSX_LOADER, 'sandbox/main.ts'], {
    SANDBOX_PORT: String(port),
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_LATENCY_MS: String(latencyMs),
    SANDBOX_ADMIN: 'true',
  });
  const url = `http://127.0.0.1:${port}`;
  const ready = await started(`the sandbox (${latencyMs} ms)`, run, url, '/__sandbox/calls');
  return {
    ...ready,
    async counts() {
      const res = await fetch(`${url}/__sandbox/calls`);
      return ((await res.json()) as { counts: CallCounts }).counts;
    },
    async forget() {
      const res = await fetch(`${url}/__sandbox/calls`, { method: 'DELETE' });
      if (res.status !== 204) throw new Error(`the sandbox did not forget its calls: ${res.status}`);
    },
  };
}

const upstreamEnv = (sandboxUrl: string) => ({
  UPSTREAM_BASE_URL: sandboxUrl,
  UPSTREAM_CLIENT_ID: SANDBOX_CREDENTIALS.clientId,
  UPSTREAM_CLIENT_SECRET: SANDBOX_CREDENTIALS.clientSecret,
  UPSTREAM_CLIENT_NID: SANDBOX_CREDENTIALS.clientNid,
});

/**
 * The subgraph's production build (`dist/index.js`, built by `npm run build`) in front of the sandbox;
 * `nodeArgs` go to node, `env` adds to or overrides the settings below.
 */
export async function startSubgraphProcess(
  sandboxUrl: string,
  nodeArgs: readonly string[] = [],
  env: Readonly<Record<string, string>> = {},
): Promise<BenchProcess> {
  const port = await freePort();
  const run = spawnNode([...nodeArgs, 'dist/index.js'], {
    ...upstreamEnv(sandboxUrl),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // One caller sends everything here: the per-caller rate limit off, the rest as shipped.
    RATE_LIMIT_PER_SECOND: '0',
    // No inbound-SMS reads in the background: every upstream call counted is one of the scenario's.
    SMS_INBOX_POLL_MS: '0',
    ...env,
  });
  return started('the subgraph', run, `http://127.0.0.1:${port}`, '/healthz');
}

/**
 * The floor compiled to one file of plain JavaScript, as the subgraph's build is: run under tsx, its
 * process would carry the loader's memory and work. Packages stay outside (node_modules); written where
 * node_modules resolves from.
 */
async function buildFloor(): Promise<string> {
  const outfile = `${PROJECT_ROOT}node_modules/.cache/bench/floor.mjs`;
  await build({
    entryPoints: [`${PROJECT_ROOT}scripts/bench/floorMain.ts`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

/** The floor (floorMain.ts, compiled) in front of the sandbox; `nodeArgs` go to node. */
export async function startFloorProcess(sandboxUrl: string, nodeArgs: readonly string[] = []): Promise<BenchProcess> {
  const port = await freePort();
  const run = spawnNode([...nodeArgs, await buildFloor()], { ...upstreamEnv(sandboxUrl), FLOOR_PORT: String(port) });
  // A GET of / is no scenario: 404 once it listens.
  return started('the floor', run, `http://127.0.0.1:${port}`, '/', 404);
}
