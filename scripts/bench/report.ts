/**
 * The benchmark's report: one table per upstream latency, each cell the subgraph's median, the floor's
 * and their ratio (subgraph ÷ floor), written into docs/BENCHMARKS.md between markers so that the rest
 * of that page (the subscription benchmark) stays as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { RunName } from './scenarios.js';

export interface Pair {
  readonly subgraph: number;
  readonly floor: number;
}

/** The medians of one run name at one latency. */
export interface Row {
  readonly run: RunName;
  readonly title: string;
  readonly throughput: Pair;
  readonly p50Ms: Pair;
  readonly p99Ms: Pair;
  readonly cpuMsPerRequest: Pair;
  /** Exact, from one request alone. */
  readonly callsPerOperation: Pair;
  /** Token requests during the measured runs (all repetitions). */
  readonly tokenRequests: Pair;
  readonly peakResidentBytes: Pair;
  /** Answers that failed, all repetitions. */
  readonly failed: Pair;
}

export interface LevelReport {
  readonly latencyMs: number;
  readonly rows: readonly Row[];
  /** Token requests each process made over the whole level (warm-up, probes and runs). */
  readonly tokensOverLevel: Pair;
}

export interface ReportSettings {
  readonly seconds: number;
  readonly repetitions: number;
  readonly connections: number;
  readonly command: string;
  readonly startedAt: Date;
  readonly durationSeconds: number;
  readonly loadAverage: readonly number[];
}

const group = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function cell(pair: Pair, digits: number, unit = (value: number) => value): string {
  const subgraph = unit(pair.subgraph);
  const floor = unit(pair.floor);
  const ratio = floor === 0 ? (subgraph === 0 ? '' : ' (∞)') : ` (${(subgraph / floor).toFixed(2)}×)`;
  return `${group(subgraph, digits)} / ${group(floor, digits)}${ratio}`;
}

const toMiB = (bytes: number) => bytes / 1024 / 1024;

export function levelTable(level: LevelReport): string {
  const header = [
    '| Scenario | req/s | p50 ms | p99 ms | CPU ms/request | upstream calls/op | token requests | peak RSS MiB |',
    '| -------- | ----- | ------ | ------ | -------------- | ----------------- | -------------- | ------------ |',
  ];
  const rows = level.rows.map((row) => {
    const failed = row.failed.subgraph + row.failed.floor;
    const name = `**${row.run}**${failed > 0 ? ` (failed answers: ${row.failed.subgraph} / ${row.failed.floor})` : ''}`;
    const tokens = `${row.tokenRequests.subgraph} / ${row.tokenRequests.floor}`;
    return `| ${name} | ${cell(row.throughput, 0)} | ${cell(row.p50Ms, 0)} | ${cell(row.p99Ms, 0)} | ${cell(
      row.cpuMsPerRequest,
      2,
    )} | ${cell(row.callsPerOperation, 2)} | ${tokens} | ${cell(row.peakResidentBytes, 0, toMiB)} |`;
  });
  return [...header, ...rows].join('\n');
}

export function machine(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${model}, ${cpus().length} cores, Node ${process.version}`;
}

export const REPORT_START = '<!-- npm run bench: start -->';
export const REPORT_END = '<!-- npm run bench: end -->';

export function reportSection(
  levels: readonly LevelReport[],
  settings: ReportSettings,
  titles: Readonly<Record<RunName, string>>,
): string {
  const scenarioLines = Object.entries(titles).map(([name, title]) => `- **${name}**: ${title}.`);
  const tables = levels.flatMap((level) => [
    `### Upstream latency ${level.latencyMs} ms`,
    '',
    levelTable(level),
    '',
    `Token requests over the whole level (warm-up, probes and runs): subgraph ${level.tokensOverLevel.subgraph}, ` +
      `floor ${level.tokensOverLevel.floor}.`,
    '',
  ]);
  const times = settings.repetitions === 1 ? 'once' : `${settings.repetitions} times`;
  return [
    REPORT_START,
    '## The subgraph against a plain-HTTP floor',
    '',
    '`npm run bench` (`scripts/bench.ts`, `scripts/bench/`; `BENCH_QUICK=true` for a short run that leaves',
    'this page alone) runs three processes: the sandbox, answering every call after a fixed latency',
    "(`SANDBOX_LATENCY_MS`); the subgraph's production build (`npm run build`, then `node dist/index.js` with",
    '`NODE_ENV=production`, the per-caller rate limit off, logs at `warn`); and the floor',
    '(`scripts/bench/floor.ts`, compiled by esbuild to plain JavaScript): a plain `node:http` server that',
    'makes, per scenario, the upstream calls the subgraph makes (one token per scope, each record once per',
    'request, independent calls in parallel, 64 keep-alive connections as the subgraph keeps) and answers',
    'the same data as JSON, without GraphQL. `test/bench/floor.test.ts` holds that both make the same calls',
    `and answer the same data. autocannon drives each over loopback with ${settings.connections} connections`,
    `for ${settings.seconds} s a run; subgraph and floor alternate, every scenario runs ${times}, and the`,
    'tables give the medians.',
    '',
    ...scenarioLines,
    '',
    'Each cell is subgraph / floor (subgraph ÷ floor): below 1 for req/s, or above 1 elsewhere, the subgraph',
    "does worse. CPU is the target process's own (user + system, `/proc/<pid>/stat`) over a run, divided by",
    "its answers; peak RSS is the process's high-water mark over the run (`VmHWM`, reset before each run).",
    'Upstream calls per operation are exact: each request of the scenario sent alone and counted by the',
    'sandbox (`GET /__sandbox/calls`), token requests left out; token requests are those made during the',
    'measured runs (each process asks for one token per scope before them, in its warm-up). In **mixed**,',
    'p50 falls between the light operations and the heavy ones, where a few answers more of one kind move',
    'it: read that row by its throughput, p99 and CPU. At 0 ms the sandbox, on the same cores, is what',
    "limits the floor in the heavy scenarios, so their throughput ratios understate the subgraph's own cost;",
    'CPU per request does not. Subscriptions: see [Subscriptions on one process](#subscriptions-on-one-process)',
    '(`npm run bench:subscriptions`).',
    '',
    `Measured ${settings.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}, shared by`,
    `the sandbox, both targets and autocannon (load average ${settings.loadAverage
      .map((n) => n.toFixed(1))
      .join(', ')} at the start, from other work); \`${settings.command}\`, ${Math.round(
      settings.durationSeconds,
    )} s in all.`,
    '',
    ...tables,
    REPORT_END,
  ].join('\n');
}

/** Replaces the section of `path` between `markers` (or appends it), keeping everything else. */
export function writeReport(path: string, section: string, markers = { start: REPORT_START, end: REPORT_END }): void {
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  const next =
    start >= 0 && end > start
      ? `${text.slice(0, start)}${section}${text.slice(end + markers.end.length)}`
      : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(path, next);
}

export const currentLoad = (): number[] => loadavg();
