/**
 * A bounded soak: steady GraphQL load against a subgraph on loopback for a few minutes, its sandbox in
 * a process of its own (the sandbox keeps a record of every call, as the upstream's call log does),
 * sampling the subgraph's heap after a forced collection. It fails when an answer is unexpected (a non-200 status
 * or an INTERNAL_SERVER_ERROR) or when the heap keeps growing after the warm-up.
 *
 *   npm run soak                        # 3 minutes, 8 concurrent clients
 *   SOAK_MINUTES=10 SOAK_CLIENTS=16 npm run soak
 */
import { spawn } from 'node:child_process';
import { loadConfig, SANDBOX_CREDENTIALS } from '../src/config.js';
import { COMPANY_SAMPLES } from '../sandbox/world/companySamples.js';
import { WOMAN } from '../sandbox/world/index.js';
import { startServer } from '../src/server.js';
import { billIdCheckDigit } from '../src/validation/identifiers.js';
import { freePort } from '../test/helpers/procUtils.js';

const minutes = Number(process.env['SOAK_MINUTES'] ?? 3);
const clients = Number(process.env['SOAK_CLIENTS'] ?? 8);
const sampleEveryMs = 10_000;
/** Heap growth from the first sample after warm-up to the last that still counts as flat. */
const allowedGrowthBytes = Number(process.env['SOAK_ALLOWED_GROWTH_MB'] ?? 24) * 1024 * 1024;

const waterBill = `123456789012${billIdCheckDigit('123456789012')}`;
const WORKLOAD: readonly string[] = [
  `{ bill(type: WATER, parameter: "${waterBill}") { amount } }`,
  `{ postalAddress(postalCode: "${WOMAN.postalCode}") { province street coordinates { latitude longitude } } }`,
  `{ company(nationalId: "${COMPANY_SAMPLES.largeBoard.nationalId}") { boardMembers { person { nationalId militaryService { allowed } } } } }`,
  // Refused before any upstream call: the error path must not leak either.
  `{ bill(type: WATER, parameter: "12") { amount } }`,
  `{ nope }`,
];

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) {
  process.stderr.write('soak: run with --expose-gc (npm run soak does)\n');
  process.exit(2);
}

const sandboxPort = await freePort();
const sandbox = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
  env: { ...process.env, SANDBOX_PORT: String(sandboxPort), SANDBOX_HOST: '127.0.0.1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  sandbox.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
  sandbox.stdout.setEncoding('utf8').on('data', (chunk: string) => chunk.includes('listening') && resolve());
});

const server = await startServer(
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    UPSTREAM_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
    UPSTREAM_CLIENT_ID: SANDBOX_CREDENTIALS.clientId,
    UPSTREAM_CLIENT_SECRET: SANDBOX_CREDENTIALS.clientSecret,
    UPSTREAM_CLIENT_NID: SANDBOX_CREDENTIALS.clientNid,
    // One caller sends all of the load here: lift the per-caller rate limit, keep everything else as shipped.
    RATE_LIMIT_PER_SECOND: '1000000',
    RATE_LIMIT_BURST: '1000000',
    ...Object.fromEntries(
      Object.entries(process.env)
        .filter(([key]) => key.startsWith('SOAK_ENV_'))
        .map(([key, value]) => [key.slice(9), value]),
    ),
  }),
);

const deadline = Date.now() + minutes * 60_000;
let sent = 0;
const unexpected: string[] = [];

async function client(index: number): Promise<void> {
  for (let i = index; Date.now() < deadline; i += clients) {
    const query = WORKLOAD[i % WORKLOAD.length]!;
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const text = await res.text();
    sent += 1;
    if ((res.status !== 200 && res.status !== 400) || text.includes('INTERNAL_SERVER_ERROR')) {
      if (unexpected.length < 20) unexpected.push(`${res.status} ${text.slice(0, 200)}`);
    }
  }
}

interface Sample {
  readonly atSeconds: number;
  readonly heapMiB: number;
  readonly rssMiB: number;
  readonly requests: number;
}
const samples: Sample[] = [];
const started = Date.now();
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const sampler = setInterval(() => {
  collect();
  const memory = process.memoryUsage();
  const sample = {
    atSeconds: Math.round((Date.now() - started) / 1000),
    heapMiB: mib(memory.heapUsed),
    rssMiB: mib(memory.rss),
    requests: sent,
  };
  samples.push(sample);
  process.stdout.write(`${JSON.stringify(sample)}\n`);
}, sampleEveryMs);

await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
clearInterval(sampler);
await server.stop();
sandbox.kill('SIGTERM');

// The first third is warm-up (caches, JIT, pools); after it the heap must stay flat.
const settled = samples.slice(Math.floor(samples.length / 3));
const first = settled[0];
const last = settled.at(-1);
const growth = first && last ? (last.heapMiB - first.heapMiB) * 1024 * 1024 : 0;
process.stdout.write(
  `soak: ${sent} requests in ${minutes} min from ${clients} clients; heap ${first?.heapMiB} → ${last?.heapMiB} MiB after warm-up, ` +
    `peak RSS ${Math.max(...samples.map((s) => s.rssMiB))} MiB\n`,
);
const failures = [
  ...(samples.length < 3 ? ['too short to judge: run for at least a minute'] : []),
  ...(growth > allowedGrowthBytes
    ? [`heap grew ${mib(growth)} MiB after warm-up (allowed ${mib(allowedGrowthBytes)})`]
    : []),
  ...unexpected.map((answer) => `unexpected answer: ${answer}`),
];
for (const failure of failures) process.stderr.write(`soak: ${failure}\n`);
process.exit(failures.length === 0 ? 0 : 1);
