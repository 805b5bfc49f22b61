/**
 * Subscriptions held on one process, and how soon an upstream change reaches them. The subgraph's
 * production build runs in a process of its own (`scripts/bench/processes.ts`, as `npm run bench` runs
 * it), polling its jobs at a fixed interval, and the sandbox in another, which
 * settles each asynchronous bill inquiry after a delay set for it (`scripts/benchSandbox.ts`), spread
 * over one poll interval. The script starts `BENCH_JOBS` inquiries, opens `BENCH_SUBSCRIPTIONS`
 * `jobUpdated` subscriptions spread over them on `BENCH_SOCKETS` graphql-ws connections, samples the
 * subgraph's resident memory while they are held, then times each subscriber's final state against the
 * moment its inquiry settled upstream (its delay after the sandbox received it, by the sandbox's own
 * call record). Then it closes every connection and samples the subgraph's resident memory and V8 heap
 * (its /metrics) while it stays quiet, and last forces one full collection over the subgraph's inspector
 * to see what is still alive. `BENCH_PER_JOB=true` also prints the first and last subscriber's delay per
 * job; `BENCH_QUIET_SAMPLES=true` every sample after closing.
 *
 *   npm run bench:subscriptions   (builds first)
 *   BENCH_SUBSCRIPTIONS=2000 BENCH_POLL_MS=500 npm run bench:subscriptions
 *
 * Targets: the subscriptions held under 1 GiB of resident memory, their memory returned once they close
 * (what is alive after the forced collection within a quarter of what holding them added to the idle
 * heap), and the delivery delay at p99 under 100 ms beyond the poll interval. Exits 1 when a target is
 * missed or a subscriber never hears its final state.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { billIdCheckDigit } from '../src/validation/identifiers.js';
import { mib, percentile, residentBytes, setting, until } from './bench/measure.js';
import { freePort } from '../test/helpers/procUtils.js';
import { Inspector } from './bench/cpuProfile.js';
import { startSubgraphProcess, type BenchProcess } from './bench/processes.js';

const subscriptions = setting('BENCH_SUBSCRIPTIONS', 10_000);
const sockets = Math.min(setting('BENCH_SOCKETS', 100), subscriptions);
const jobs = Math.min(setting('BENCH_JOBS', 100), subscriptions);
const pollMs = setting('BENCH_POLL_MS', 1_000);
/** Long enough for every subscription to be open before the first inquiry settles. */
const settleMs = setting('BENCH_SETTLE_MS', 45_000);
/**
 * How long at most the process is watched, quiet, after every connection closed: V8 collects on its own
 * schedule (its memory reducer, once allocation has gone quiet), which took 49 s in one run.
 */
const quietMs = setting('BENCH_QUIET_MS', 60_000);
const memoryTargetBytes = 1024 ** 3;
const delayTargetMs = 100;

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'code' in error) {
    return `closed ${String(error.code)} ${'reason' in error ? String(error.reason) : ''}`;
  }
  return JSON.stringify(error);
}

// The sandbox in a process of its own, told over IPC how long each next inquiry takes to settle.
const sandbox = fork(fileURLToPath(new URL('benchSandbox.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const fromSandbox = <T>(pick: (message: unknown) => T | undefined): Promise<T> =>
  new Promise((resolve) => {
    const listener = (message: unknown) => {
      const value = pick(message);
      if (value === undefined) return;
      sandbox.off('message', listener);
      resolve(value);
    };
    sandbox.on('message', listener);
  });
const field = (name: string) => (message: unknown) =>
  typeof message === 'object' && message !== null && name in message
    ? (message as Record<string, unknown>)[name]
    : undefined;
const sandboxUrl = String(await fromSandbox(field('url')));

// The production build, as `npm run bench` runs it (the per-caller rate limit off: one caller opens every
// subscription here), its jobs polled at the fixed interval.
let subgraph: BenchProcess;
// The inspector stays off while measuring; SIGUSR1 turns it on, on this port, for one forced collection at
// the end.
const inspectPort = await freePort();
try {
  subgraph = await startSubgraphProcess(sandboxUrl, [`--inspect-port=127.0.0.1:${inspectPort}`], {
    JOB_POLL_INITIAL_MS: String(pollMs),
    JOB_POLL_MAX_MS: String(pollMs),
  });
} catch (error) {
  sandbox.disconnect();
  throw error;
}
const { pid, url: httpUrl } = subgraph;
const wsUrl = `${httpUrl.replace(/^http/, 'ws')}/graphql`;
const clients: Client[] = [];

/** The subgraph's resident memory (/proc) and V8 heap, used and total (its own metrics, read at the scrape). */
interface Memory {
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly connections: number;
}

async function memory(): Promise<Memory> {
  const text = await (await fetch(`${httpUrl}/metrics`)).text();
  const metric = (name: string) => {
    const value = Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
    if (!Number.isFinite(value)) throw new Error(`the subgraph's /metrics has no ${name}`);
    return value;
  };
  return {
    rss: residentBytes(pid, 'VmRSS'),
    heapUsed: metric('nodejs_heap_size_used_bytes'),
    heapTotal: metric('nodejs_heap_size_total_bytes'),
    connections: metric('subgraph_websocket_connections'),
  };
}

const describeMemory = (m: Memory) => `RSS ${mib(m.rss)}, heap used ${mib(m.heapUsed)} of ${mib(m.heapTotal)}`;

/**
 * What is still alive in the subgraph's heap: a full collection forced over its inspector (turned on by
 * SIGUSR1), then its memory. A diagnostic of the benchmark's, after every measure is taken.
 */
async function afterForcedCollection(): Promise<Memory> {
  process.kill(pid, 'SIGUSR1');
  let inspector: Inspector | undefined;
  await until(
    "the subgraph's inspector",
    async () => (inspector = await Inspector.connect(inspectPort).catch(() => undefined)) !== undefined,
    10_000,
  );
  try {
    await inspector?.send('HeapProfiler.collectGarbage');
  } finally {
    inspector?.close();
  }
  return memory();
}

async function shutdown(): Promise<void> {
  await Promise.all(clients.map((client) => client.dispose()));
  await subgraph.run.kill();
  sandbox.disconnect();
}

/** Starts an inquiry that settles `delayMs` after the upstream takes it. */
async function startInquiry(index: number, delayMs: number): Promise<{ id: string; settledBy: number }> {
  const set = fromSandbox(field('asyncDelayMs'));
  sandbox.send({ asyncDelayMs: delayMs });
  await set;
  const body = `${String(100_000_000_000 + index)}`;
  const parameter = `${body}${billIdCheckDigit(body)}`;
  const response = await fetch(`${httpUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation ($p: String!) { startBillInquiry(input: { type: WATER, parameter: $p }) { id status } }',
      variables: { p: parameter },
    }),
  });
  const answer = (await response.json()) as { data?: { startBillInquiry?: { id: string; status: string } } };
  const id = answer.data?.startBillInquiry?.id;
  if (!id) throw new Error(`startBillInquiry failed: ${JSON.stringify(answer)}`);
  const arrived = fromSandbox(field('submittedAt'));
  sandbox.send({ lastSubmission: true });
  const submittedAt = Number(await arrived);
  if (!Number.isFinite(submittedAt)) throw new Error('the sandbox recorded no inquiry');
  return { id, settledBy: submittedAt + delayMs };
}

interface Subscriber {
  readonly job: number;
  opened: boolean;
  finalAt: number | null;
  /** The job was already final when the subscription opened: no delay to time. */
  late: boolean;
}

try {
  const idle = await memory();

  // Settling spread over one poll interval, so the changes land at every phase of their jobs' polls.
  const started: { id: string; settledBy: number }[] = [];
  for (let index = 0; index < jobs; index += 1) {
    started.push(await startInquiry(index, settleMs + Math.round((index * pollMs) / jobs)));
  }

  const openingStarted = Date.now();
  let connected = 0;
  for (let index = 0; index < sockets; index += 1) {
    clients.push(
      createClient({
        url: wsUrl,
        webSocketImpl: WebSocket,
        lazy: false,
        retryAttempts: 0,
        on: { connected: () => (connected += 1) },
        onNonLazyError: (error) => process.stderr.write(`bench: a connection failed: ${describe(error)}\n`),
      }),
    );
  }
  await until('every connection', () => connected === sockets, 30_000);
  // Subscribed in rounds, as clients arrive over time: a single burst of thousands would hold the event
  // loop long enough to time out connections still being set up.
  const subscribers: Subscriber[] = [];
  const round = 500;
  for (let first = 0; first < subscriptions; first += round) {
    for (let index = first; index < Math.min(subscriptions, first + round); index += 1) {
      const subscriber: Subscriber = { job: index % jobs, opened: false, finalAt: null, late: false };
      subscribers.push(subscriber);
      const client = clients[index % sockets];
      const job = started[subscriber.job];
      if (!client || !job) throw new Error('no client or job for a subscription');
      client.subscribe<{ jobUpdated: { status: string } }>(
        { query: 'subscription ($id: ID!) { jobUpdated(id: $id) { id status } }', variables: { id: job.id } },
        {
          next: ({ data, errors }) => {
            if (errors) process.stderr.write(`bench: ${JSON.stringify(errors)}\n`);
            const status = data?.jobUpdated.status;
            if (!subscriber.opened && status !== 'PENDING') subscriber.late = true;
            subscriber.opened = true;
            if (status && status !== 'PENDING') subscriber.finalAt = Date.now();
          },
          error: (error) => process.stderr.write(`bench: a subscription failed: ${describe(error)}\n`),
          complete: () => undefined,
        },
      );
    }
    await until('a round of subscriptions to open', () => subscribers.every((s) => s.opened), settleMs);
  }
  await until('every subscription to open', () => subscribers.every((s) => s.opened), settleMs);
  const openedInMs = Date.now() - openingStarted;
  const held = await memory();

  await until('every final state', () => subscribers.every((s) => s.finalAt !== null), settleMs + 10 * pollMs + 30_000);
  const peakBytes = residentBytes(pid, 'VmHWM');

  const delays = subscribers
    .filter((s) => !s.late)
    .map((s) => {
      const job = started[s.job];
      return (s.finalAt ?? Number.NaN) - (job?.settledBy ?? Number.NaN);
    })
    .sort((a, b) => a - b);
  if (process.env['BENCH_PER_JOB'] === 'true') {
    // Which part of a delay is the poll and which the fan-out: the first and last subscriber of each job.
    for (const [index, job] of started.entries()) {
      const own = subscribers
        .filter((s) => s.job === index)
        .map((s) => (s.finalAt ?? Number.NaN) - job.settledBy)
        .sort((a, b) => a - b);
      process.stdout.write(`bench: job ${index}: first ${own[0]} ms, last ${own.at(-1)} ms\n`);
    }
  }
  // Memory return: every connection closed, then the process left quiet (every job is final, so nothing
  // polls) and sampled each second, until its heap used is back down (a quarter of what holding the
  // subscriptions added, at most, is left) and 5 s more for its resident memory to follow, or for
  // BENCH_QUIET_MS. No collection is forced here: this is what V8 frees on its own.
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
  const closedAt = Date.now();
  await until('the subgraph to see every connection closed', async () => (await memory()).connections === 0, 10_000);
  const backBelow = idle.heapUsed + (held.heapUsed - idle.heapUsed) / 4;
  const quiet: { atMs: number; memory: Memory }[] = [];
  let backAtMs: number | null = null;
  while (Date.now() - closedAt < (backAtMs === null ? quietMs : backAtMs + 5_000)) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const sample = { atMs: Date.now() - closedAt, memory: await memory() };
    quiet.push(sample);
    if (backAtMs === null && sample.memory.heapUsed <= backBelow) backAtMs = sample.atMs;
  }
  const last = quiet.at(-1) ?? { atMs: Date.now() - closedAt, memory: await memory() };
  if (process.env['BENCH_QUIET_SAMPLES'] === 'true') {
    for (const { atMs, memory: m } of quiet)
      process.stdout.write(`bench: ${(atMs / 1000).toFixed(0)} s after closing: ${describeMemory(m)}\n`);
  }
  const live = await afterForcedCollection();

  const p50 = percentile(delays, 50);
  const p99 = percentile(delays, 99);
  const beyondPoll = p99 - pollMs;
  const lines = [
    `bench: ${subscriptions} subscriptions to ${jobs} jobs on ${sockets} connections, opened in ${openedInMs} ms`,
    `bench: resident memory idle ${mib(idle.rss)}, holding ${mib(held.rss)} (${(
      (held.rss - idle.rss) /
      1024 /
      subscriptions
    ).toFixed(1)} KiB a subscription), peak ${mib(peakBytes)}`,
    `bench: heap used idle ${mib(idle.heapUsed)}, holding ${mib(held.heapUsed)}, after closing ${mib(last.memory.heapUsed)} ` +
      (backAtMs === null
        ? `(not back down within ${(quietMs / 1000).toFixed(0)} s)`
        : `(back down ${(backAtMs / 1000).toFixed(0)} s after closing, V8 on its own)`) +
      `; a full collection forced then leaves ${mib(live.heapUsed)}`,
    `bench: idle: ${describeMemory(idle)}; holding: ${describeMemory(held)}; ` +
      `${(last.atMs / 1000).toFixed(0)} s after closing: ${describeMemory(last.memory)}; ` +
      `after a forced full collection: ${describeMemory(live)}`,
    `bench: delivery delay after the upstream settled (poll every ${pollMs} ms): p50 ${p50} ms, p99 ${p99} ms, ` +
      `max ${delays.at(-1)} ms; p99 beyond the poll interval ${beyondPoll} ms (${delays.length} timed, ` +
      `${subscriptions - delays.length} opened after settling)`,
  ];
  for (const line of lines) process.stdout.write(`${line}\n`);
  const failures = [
    ...(peakBytes >= memoryTargetBytes ? [`peak resident memory ${mib(peakBytes)} is not under 1 GiB`] : []),
    ...(live.heapUsed > backBelow
      ? [
          `the closed subscriptions left ${mib(live.heapUsed - idle.heapUsed)} alive in the heap (idle ${mib(idle.heapUsed)})`,
        ]
      : []),
    ...(beyondPoll >= delayTargetMs ? [`p99 delay ${beyondPoll} ms beyond the poll interval (target < 100)`] : []),
    ...(delays.length === 0 ? ['no delay was timed: raise BENCH_SETTLE_MS'] : []),
  ];
  for (const failure of failures) process.stderr.write(`bench: MISSED ${failure}\n`);
  process.exitCode = failures.length === 0 ? 0 : 1;
} catch (error) {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n${subgraph.run.stderr()}\n`);
  process.exitCode = 1;
} finally {
  await shutdown();
}
