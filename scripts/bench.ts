/**
 * The subgraph against a plain-HTTP floor (docs/BENCHMARKS.md): for each upstream latency, the sandbox,
 * the subgraph's production build and the floor each in a process of their own; every scenario of
 * scripts/bench/scenarios.ts driven by autocannon over loopback, subgraph and floor alternating,
 * repeated; the medians printed as a table and written into docs/BENCHMARKS.md.
 *
 *   npm run bench                      (builds first; BENCH_SECONDS=5 a run, 3 repetitions)
 *   BENCH_QUICK=true npm run bench     (2 s a run, one repetition, docs left alone)
 *
 * Settings: BENCH_SECONDS, BENCH_REPETITIONS, BENCH_CONNECTIONS (16), BENCH_LATENCIES (`0,20`, ms),
 * BENCH_WARMUP_SECONDS (2), BENCH_WRITE (`true` to write the docs in quick mode too).
 */
import { fileURLToPath } from 'node:url';
import { measureRun, probeRun, type RunResult, type Target, type TargetKind } from './bench/load.js';
import { median, setting } from './bench/measure.js';
import { startFloorProcess, startSandboxProcess, startSubgraphProcess, type BenchProcess } from './bench/processes.js';
import {
  currentLoad,
  levelTable,
  reportSection,
  writeReport,
  type LevelReport,
  type Pair,
  type Row,
} from './bench/report.js';
import { RUN_NAMES, RUN_TITLES } from './bench/scenarios.js';

const quick = process.env['BENCH_QUICK'] === 'true';
const seconds = setting('BENCH_SECONDS', quick ? 2 : 5);
const repetitions = setting('BENCH_REPETITIONS', quick ? 1 : 3);
const connections = setting('BENCH_CONNECTIONS', 16);
const warmupSeconds = setting('BENCH_WARMUP_SECONDS', quick ? 1 : 2);
const latencies = (process.env['BENCH_LATENCIES'] ?? '0,20').split(',').map((text) => {
  const value = Number(text.trim());
  if (!Number.isInteger(value) || value < 0) throw new Error('BENCH_LATENCIES must list whole milliseconds');
  return value;
});
const writeDocs = process.env['BENCH_WRITE'] === 'true' || !quick;
const KINDS: readonly TargetKind[] = ['subgraph', 'floor'];

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const pair = (pick: (kind: TargetKind) => number): Pair => ({ subgraph: pick('subgraph'), floor: pick('floor') });

async function measureLevel(latencyMs: number): Promise<LevelReport> {
  const sandbox = await startSandboxProcess(latencyMs);
  const started: BenchProcess[] = [sandbox];
  try {
    const targets: Record<TargetKind, Target> = {
      subgraph: { kind: 'subgraph', process: await startSubgraphProcess(sandbox.url) },
      floor: { kind: 'floor', process: await startFloorProcess(sandbox.url) },
    };
    started.push(targets.subgraph.process, targets.floor.process);
    const tokens: Record<TargetKind, number> = { subgraph: 0, floor: 0 };
    // Warm-up, discarded: every scenario once alone, then the mixed workload under load.
    for (const kind of KINDS) {
      for (const run of RUN_NAMES) tokens[kind] += (await probeRun(targets[kind], run, sandbox)).counts['token'] ?? 0;
      tokens[kind] += (
        await measureRun(targets[kind], 'mixed', sandbox, { seconds: warmupSeconds, connections })
      ).tokenRequests;
    }
    const calls = new Map<string, number>();
    for (const run of RUN_NAMES) {
      for (const kind of KINDS) {
        const probe = await probeRun(targets[kind], run, sandbox);
        tokens[kind] += probe.counts['token'] ?? 0;
        calls.set(`${run}/${kind}`, probe.callsPerOperation);
      }
    }
    const results = new Map<string, RunResult[]>();
    for (let repetition = 0; repetition < repetitions; repetition += 1) {
      for (const run of RUN_NAMES) {
        // Who goes first alternates between repetitions.
        const order = repetition % 2 === 0 ? KINDS : [...KINDS].reverse();
        for (const kind of order) {
          const result = await measureRun(targets[kind], run, sandbox, { seconds, connections });
          tokens[kind] += result.tokenRequests;
          const key = `${run}/${kind}`;
          results.set(key, [...(results.get(key) ?? []), result]);
          log(
            `${latencyMs} ms, ${run}, ${kind} #${repetition + 1}: ${result.throughput.toFixed(0)} req/s, ` +
              `p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.cpuMsPerRequest.toFixed(2)} ms CPU/req, ` +
              `${result.callsPerRequest.toFixed(2)} calls/req, ${result.failed} failed`,
          );
        }
      }
    }
    const rows: Row[] = RUN_NAMES.map((run) => {
      const of = (kind: TargetKind) => results.get(`${run}/${kind}`) ?? [];
      const med = (pick: (result: RunResult) => number) => pair((kind) => median(of(kind).map(pick)));
      const sum = (pick: (result: RunResult) => number) =>
        pair((kind) => of(kind).reduce((total, result) => total + pick(result), 0));
      return {
        run,
        title: RUN_TITLES[run],
        throughput: med((r) => r.throughput),
        p50Ms: med((r) => r.p50Ms),
        p99Ms: med((r) => r.p99Ms),
        cpuMsPerRequest: med((r) => r.cpuMsPerRequest),
        callsPerOperation: pair((kind) => calls.get(`${run}/${kind}`) ?? Number.NaN),
        tokenRequests: sum((r) => r.tokenRequests),
        peakResidentBytes: med((r) => r.peakResidentBytes),
        failed: sum((r) => r.failed),
      };
    });
    return { latencyMs, rows, tokensOverLevel: pair((kind) => tokens[kind]) };
  } finally {
    await Promise.all(started.map((child) => child.run.kill()));
  }
}

const startedAt = new Date();
const loadAverage = currentLoad();
const levels: LevelReport[] = [];
try {
  for (const latencyMs of latencies) {
    log(`upstream latency ${latencyMs} ms`);
    levels.push(await measureLevel(latencyMs));
  }
} catch (error) {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}
const durationSeconds = (Date.now() - startedAt.getTime()) / 1000;
for (const level of levels) process.stdout.write(`\nUpstream latency ${level.latencyMs} ms\n\n${levelTable(level)}\n`);
const command = [
  ...Object.entries(process.env)
    .filter(([name]) => name.startsWith('BENCH_'))
    .map(([name, value]) => `${name}=${value ?? ''}`),
  'npm run bench',
].join(' ');
const section = reportSection(
  levels,
  { seconds, repetitions, connections, command, startedAt, durationSeconds, loadAverage },
  RUN_TITLES,
);
if (writeDocs) {
  writeReport(fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url)), section);
  log('docs/BENCHMARKS.md written');
}
log(`done in ${durationSeconds.toFixed(0)} s`);
