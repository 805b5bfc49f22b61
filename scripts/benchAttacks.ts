/**
 * What each attack of the hardening issue does to one replica (docs/BENCHMARKS.md). The subgraph's
 * production build runs in a process of its own with a 512 MB heap, as a pod has, and its default
 * limits, the per-caller rate limit included (`RATE_LIMIT_PER_SECOND` left at its default); the sandbox
 * in another. The attacks (`scripts/bench/attacks.ts`) run one after another against that process
 * (restarted, and the restart reported, if one takes it down). Throughout each, a watcher of its own
 * (`scripts/bench/monitor.ts`) times a `GET /healthz` every 100 ms (5 s timeout) and reads the
 * subgraph's resident memory. After each attack the process is left idle until its resident memory is
 * back within 1.5× of what it was before, or for 60 s (10 s with `BENCH_QUICK=true`).
 *
 *   npm run bench:attacks                    (builds first; writes docs/BENCHMARKS.md)
 *   BENCH_QUICK=true npm run bench:attacks   (shorter holds, load and waits; docs left alone)
 *
 * Targets: the process survives every attack, `/healthz` answers within 1 s throughout, and resident
 * memory returns within 1.5× of idle within a minute. Exits 1 when one is missed.
 */
import { fileURLToPath } from 'node:url';
import { attacks, type Attack } from './bench/attacks.js';
import { mib, percentile, residentBytes, resetPeakResident, setting } from './bench/measure.js';
import { Monitor, PROBE_TIMEOUT_MS } from './bench/monitor.js';
import {
  startSandboxProcess,
  startSubgraphProcess,
  type BenchProcess,
  type SandboxProcess,
} from './bench/processes.js';
import { currentLoad, machine, writeReport } from './bench/report.js';

const quick = process.env['BENCH_QUICK'] === 'true';
const returnWaitMs = setting('BENCH_RETURN_WAIT_MS', quick ? 10_000 : 60_000);
const holdMs = setting('BENCH_HOLD_MS', quick ? 5_000 : 15_000);
const loadSeconds = setting('BENCH_LOAD_SECONDS', quick ? 10 : 60);
const writeDocs = process.env['BENCH_WRITE'] === 'true' || !quick;
const HEALTH_TARGET_MS = 1_000;
const RETURN_FACTOR = 1.5;
/** Long enough for the rate limit's bucket (burst 200 at 100 a second) to refill between attacks. */
const PAUSE_MS = 3_000;
const MARKERS = { start: '<!-- npm run bench:attacks: start -->', end: '<!-- npm run bench:attacks: end -->' };

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface AttackResult {
  readonly attack: Attack;
  readonly got: string;
  readonly durationMs: number;
  readonly healthMaxMs: number;
  readonly healthP99Ms: number;
  readonly healthFailures: number;
  readonly probes: number;
  /** The longest the subgraph's own event loop was held during the attack (its /metrics), if it said. */
  readonly loopDelayMaxMs: number | null;
  readonly idleBytes: number;
  readonly peakBytes: number;
  readonly afterBytes: number;
  /** When resident memory was back within 1.5× of idle after the attack ended; null if not within the wait. */
  readonly returnedAfterMs: number | null;
  readonly upstreamCalls: number;
  /** How the process ended, if the attack took it down. */
  readonly died: string | null;
}

const alive = (target: BenchProcess): boolean =>
  target.run.child.exitCode === null && target.run.child.signalCode === null;

function startTarget(sandbox: SandboxProcess): Promise<BenchProcess> {
  // An empty value is the default: the rate limit as production runs it, not off as `npm run bench` has it.
  return startSubgraphProcess(sandbox.url, ['--max-old-space-size=512'], { RATE_LIMIT_PER_SECOND: '' });
}

/**
 * The subgraph's event-loop delay at most since its metrics were last read (prom-client resets its
 * histogram on each read), in milliseconds; null when they cannot be read.
 */
async function loopDelayMaxMs(target: BenchProcess): Promise<number | null> {
  const text = await fetch(`${target.url}/metrics`)
    .then((res) => res.text())
    .catch(() => '');
  const match = /^nodejs_eventloop_lag_max_seconds ([\d.e+-]+)$/m.exec(text);
  return match ? Number(match[1]) * 1000 : null;
}

const totalCalls = async (sandbox: SandboxProcess): Promise<number> =>
  Object.values(await sandbox.counts()).reduce((sum, n) => sum + n, 0);

/**
 * Waits, idle, until resident memory is within 1.5× of `idleBytes`; the time it took, or null. At least
 * 1 s, so that what the attack leaves behind (collections, answers still being written) is watched too.
 */
async function memoryReturn(
  target: BenchProcess,
  idleBytes: number,
  fullWait: boolean,
): Promise<{ afterMs: number | null; bytes: number }> {
  const started = Date.now();
  let bytes = 0;
  let afterMs: number | null = null;
  while (alive(target) && Date.now() - started < returnWaitMs) {
    await sleep(1_000);
    bytes = alive(target) ? residentBytes(target.pid, 'VmRSS') : 0;
    if (bytes <= idleBytes * RETURN_FACTOR) afterMs ??= Date.now() - started;
    if (afterMs !== null && !fullWait) break;
  }
  return { afterMs, bytes };
}

function describeDeath(target: BenchProcess): string {
  const { exitCode, signalCode } = target.run.child;
  const last = target.run
    .stderr()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-2)
    .join(' ')
    .slice(0, 200);
  return `exit ${exitCode ?? signalCode ?? '?'}${last ? `: ${last}` : ''}`;
}

async function runAttack(
  attack: Attack,
  target: BenchProcess,
  sandbox: SandboxProcess,
  monitor: Monitor,
): Promise<AttackResult> {
  const idleBytes = residentBytes(target.pid, 'VmRSS');
  const exactPeak = resetPeakResident(target.pid);
  const callsBefore = await totalCalls(sandbox);
  await monitor.watch(target.pid, target.url);
  await loopDelayMaxMs(target);
  const started = Date.now();
  const got = await attack.run(target).catch((error: unknown) => `the attacker failed: ${String(error)}`);
  const durationMs = Date.now() - started;
  const loopDelay = alive(target) ? await loopDelayMaxMs(target) : null;
  const peakAtEnd = exactPeak && alive(target) ? residentBytes(target.pid, 'VmHWM') : 0;
  const back = await memoryReturn(target, idleBytes, attack.fullWait === true);
  const samples = await monitor.collect(PROBE_TIMEOUT_MS + 500);
  const health = [...samples.healthMs].sort((a, b) => a - b);
  return {
    attack,
    got,
    durationMs,
    healthMaxMs: health.at(-1) ?? Number.NaN,
    healthP99Ms: percentile(health, 99),
    healthFailures: samples.healthFailures,
    probes: health.length + samples.healthFailures,
    loopDelayMaxMs: loopDelay,
    idleBytes,
    peakBytes: Math.max(peakAtEnd, ...samples.rssBytes),
    afterBytes: back.bytes,
    returnedAfterMs: back.afterMs,
    upstreamCalls: (await totalCalls(sandbox)) - callsBefore,
    died: alive(target) ? null : describeDeath(target),
  };
}

const ms = (value: number) => (value >= PROBE_TIMEOUT_MS ? `≥ ${PROBE_TIMEOUT_MS} (timeout)` : value.toFixed(0));

function row(result: AttackResult): string {
  const returned =
    result.returnedAfterMs === null
      ? `${mib(result.afterBytes)}, not within ${(returnWaitMs / 1000).toFixed(0)} s`
      : result.attack.fullWait
        ? `${mib(result.afterBytes)} after ${(returnWaitMs / 1000).toFixed(0)} s (within 1.5× after ${(result.returnedAfterMs / 1000).toFixed(0)} s)`
        : `${mib(result.afterBytes)} after ${(result.returnedAfterMs / 1000).toFixed(0)} s`;
  const failures = result.healthFailures > 0 ? `, ${result.healthFailures} refused` : '';
  return [
    `${result.attack.name}: ${result.attack.title}`,
    result.got,
    `${ms(result.healthMaxMs)} / ${ms(result.healthP99Ms)} (${result.probes} probes${failures})`,
    result.loopDelayMaxMs === null ? '–' : result.loopDelayMaxMs.toFixed(0),
    `${mib(result.idleBytes)} → ${mib(result.peakBytes)}`,
    result.died ? `– (died)` : returned,
    String(result.upstreamCalls),
    result.died ? `**no**: ${result.died}; restarted` : 'yes',
  ].join(' | ');
}

function table(results: readonly AttackResult[]): string {
  return [
    '| Attack | What the attacker got | /healthz max / p99 (ms) | Event loop held at most (ms) | RSS idle → peak | RSS after (within 1.5× of idle) | Upstream calls | Survived |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map((result) => `| ${row(result).replaceAll('\n', ' ')} |`),
  ].join('\n');
}

function missed(result: AttackResult): string[] {
  const name = result.attack.name;
  return [
    ...(result.died ? [`${name}: the process died (${result.died})`] : []),
    ...(result.healthMaxMs > HEALTH_TARGET_MS ? [`${name}: /healthz took ${ms(result.healthMaxMs)} ms`] : []),
    ...(!result.died && result.returnedAfterMs === null
      ? [`${name}: resident memory ${mib(result.afterBytes)} not back within 1.5× of ${mib(result.idleBytes)}`]
      : []),
  ];
}

function section(results: readonly AttackResult[], startedAt: Date, loadAverage: number[], seconds: number): string {
  const command = [
    ...Object.entries(process.env)
      .filter(([name]) => name.startsWith('BENCH_'))
      .map(([name, value]) => `${name}=${value ?? ''}`),
    'npm run bench:attacks',
  ].join(' ');
  return [
    MARKERS.start,
    '## Attacks on one replica',
    '',
    "`npm run bench:attacks` (`scripts/benchAttacks.ts`, `scripts/bench/attacks.ts`): the subgraph's production",
    'build in a process of its own with `--max-old-space-size=512` (the heap a pod has) and its default limits,',
    'the per-caller rate limit included (logs at `warn`, no inbound-SMS polling, no Redis), the sandbox in',
    'another. The attacks run one after another over loopback against that one process, each bounded in',
    `count and time (a socket that does not read is held ${(holdMs / 1000).toFixed(0)} s, then read again for what`,
    'came and how it ended). Throughout each, a watcher in a process of its own (at a raised priority, as a',
    'cluster’s prober runs beside the pods it probes) times a `GET /healthz` every',
    "100 ms (5 s timeout, a probe that times out counts as 5,000 ms) and reads the subgraph's resident memory",
    '(`VmRSS`; the peak is the larger of those samples and `VmHWM`, reset before the attack); with fewer than',
    '100 probes, p99 is the slowest. After each attack the process is left idle for at least 1 s, and until',
    'its resident memory is back within 1.5× of its idle figure before that attack (the next row’s idle), or',
    `for ${(returnWaitMs / 1000).toFixed(0)} s (after the load: the whole ${(returnWaitMs / 1000).toFixed(0)} s); the next attack starts ${PAUSE_MS / 1000} s later (the rate limit’s bucket refilled).`,
    'Upstream calls are those the sandbox received during the attack (token requests included). The',
    'attacker, the watcher and the sandbox share the cores with the subgraph, so CPU-bound attacks (and the',
    'load) slow `/healthz` partly through the machine, not only the event loop: row 0 is the baseline. "Event',
    'loop held" is the subgraph’s own measure (its `nodejs_eventloop_lag_max_seconds` over the attack): the',
    'longest its event loop was late, by work in it or the process not being run; a `/healthz` far slower',
    'than it was slowed outside the subgraph.',
    '',
    'Targets: the process survives, `/healthz` answers within 1 s throughout, and resident memory is back',
    'within 1.5× of idle within a minute.',
    '',
    `Measured ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}, shared with other`,
    `work (load average ${loadAverage.map((n) => n.toFixed(1)).join(', ')} at the start); \`${command}\`, ${Math.round(seconds)} s in all.`,
    '',
    table(results),
    MARKERS.end,
  ].join('\n');
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const loadAverage = currentLoad();
  const sandbox = await startSandboxProcess(0);
  const monitor = Monitor.start();
  let target = await startTarget(sandbox);
  const results: AttackResult[] = [];
  try {
    for (const attack of attacks({ holdMs, loadSeconds, loadConnections: 100 })) {
      if (!alive(target)) target = await startTarget(sandbox);
      await sleep(PAUSE_MS);
      log(`attack ${attack.name}: ${attack.title}`);
      const result = await runAttack(attack, target, sandbox, monitor);
      log(row(result));
      results.push(result);
    }
  } finally {
    monitor.stop();
    await Promise.all([target.run.kill(), sandbox.run.kill()]);
  }
  const seconds = (Date.now() - startedAt.getTime()) / 1000;
  process.stdout.write(`\n${table(results)}\n`);
  if (writeDocs) {
    writeReport(
      fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url)),
      section(results, startedAt, loadAverage, seconds),
      MARKERS,
    );
    log('docs/BENCHMARKS.md written');
  }
  const failures = results.flatMap(missed);
  for (const failure of failures) log(`MISSED ${failure}`);
  log(`done in ${seconds.toFixed(0)} s`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

await main();
