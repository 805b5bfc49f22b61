/**
 * Where the CPU of a request goes, the subgraph beside the floor (docs/BENCHMARKS.md, "Where the CPU
 * goes"): the sandbox answering at once, each target started with its inspector on, every scenario
 * driven by autocannon as `npm run bench` drives it while the target's CPU is sampled, and the samples
 * summed into the parts of the work (scripts/bench/cpuProfile.ts), in milliseconds per request.
 *
 *   npm run bench:profile   (builds first; BENCH_SECONDS=5 a run, BENCH_CONNECTIONS=16)
 *
 * BENCH_WRITE=false prints the table and leaves the docs alone. BENCH_PROFILE_DIR=<dir> also keeps each
 * run's profile there (`<target>-<scenario>.cpuprofile`, for Chrome DevTools or any flame-graph viewer).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/helpers/procUtils.js';
import { Inspector, PARTS, partsOf, type Part } from './bench/cpuProfile.js';
import { measureRun, probeRun, type Target, type TargetKind } from './bench/load.js';
import { setting } from './bench/measure.js';
import { startFloorProcess, startSandboxProcess, startSubgraphProcess, type BenchProcess } from './bench/processes.js';
import { currentLoad, machine, writeReport } from './bench/report.js';
import { SCENARIO_NAMES, type ScenarioName } from './bench/scenarios.js';

const seconds = setting('BENCH_SECONDS', 5);
const connections = setting('BENCH_CONNECTIONS', 16);
const writeDocs = process.env['BENCH_WRITE'] !== 'false';
const profileDir = process.env['BENCH_PROFILE_DIR'];
const START = '<!-- npm run bench:profile: start -->';
const END = '<!-- npm run bench:profile: end -->';
const KINDS: readonly TargetKind[] = ['subgraph', 'floor'];

const log = (line: string) => process.stderr.write(`bench:profile: ${line}\n`);

interface Measured {
  /** Milliseconds of the process's CPU per answered request, by part (shared out by the samples). */
  readonly perRequest: Map<Part, number>;
  /** The process's own CPU (/proc) per answered request. */
  readonly cpuMsPerRequest: number;
  readonly answered: number;
}

async function profileTarget(
  kind: TargetKind,
  sandboxUrl: string,
  sandbox: Awaited<ReturnType<typeof startSandboxProcess>>,
) {
  const inspectPort = await freePort();
  const nodeArgs = [`--inspect=127.0.0.1:${inspectPort}`];
  const process_: BenchProcess =
    kind === 'subgraph'
      ? await startSubgraphProcess(sandboxUrl, nodeArgs)
      : await startFloorProcess(sandboxUrl, nodeArgs);
  const target: Target = { kind, process: process_ };
  const inspector = await Inspector.connect(inspectPort);
  const results = new Map<ScenarioName, Measured>();
  try {
    for (const scenario of SCENARIO_NAMES) {
      await probeRun(target, scenario, sandbox);
      await measureRun(target, scenario, sandbox, { seconds: 1, connections });
      const { result, profile } = await inspector.profile(() =>
        measureRun(target, scenario, sandbox, { seconds, connections }),
      );
      // The sampler counts a running thread's time even while another process holds the core: the
      // process's own CPU time, shared out in proportion to the samples, is what each part costs.
      if (profileDir) {
        mkdirSync(profileDir, { recursive: true });
        writeFileSync(join(profileDir, `${kind}-${scenario}.cpuprofile`), JSON.stringify(profile));
      }
      const { byPart, totalUs } = partsOf(profile);
      const perRequest = new Map<Part, number>();
      for (const [part, us] of byPart) perRequest.set(part, (result.cpuMsPerRequest * us) / Math.max(1, totalUs));
      results.set(scenario, { perRequest, cpuMsPerRequest: result.cpuMsPerRequest, answered: result.answered });
      log(`${kind}, ${scenario}: ${result.answered} answers, ${result.cpuMsPerRequest.toFixed(3)} ms CPU each`);
    }
  } finally {
    inspector.close();
    await process_.run.kill();
  }
  return results;
}

const format = (ms: number | undefined) => (ms === undefined || ms < 0.0005 ? '–' : ms.toFixed(3));

function table(results: Record<TargetKind, Map<ScenarioName, Measured>>): string {
  const header = `| Part | ${SCENARIO_NAMES.map((name) => `${name}: subgraph / floor`).join(' | ')} |`;
  const rule = `| ---- | ${SCENARIO_NAMES.map(() => '----').join(' | ')} |`;
  const cell = (name: ScenarioName, pick: (m: Measured) => number | undefined) =>
    `${format(pick(results.subgraph.get(name) as Measured))} / ${format(pick(results.floor.get(name) as Measured))}`;
  const rows = PARTS.filter((part) =>
    KINDS.some((kind) => [...results[kind].values()].some((m) => (m.perRequest.get(part) ?? 0) >= 0.0005)),
  ).map(
    (part) => `| ${part} | ${SCENARIO_NAMES.map((name) => cell(name, (m) => m.perRequest.get(part))).join(' | ')} |`,
  );
  return [
    header,
    rule,
    ...rows,
    `| **in all (process CPU, /proc)** | ${SCENARIO_NAMES.map((name) => cell(name, (m) => m.cpuMsPerRequest)).join(' | ')} |`,
  ].join('\n');
}

const startedAt = new Date();
const load = currentLoad();
const sandbox = await startSandboxProcess(0);
let results: Record<TargetKind, Map<ScenarioName, Measured>>;
try {
  results = {
    subgraph: await profileTarget('subgraph', sandbox.url, sandbox),
    floor: await profileTarget('floor', sandbox.url, sandbox),
  };
} finally {
  await sandbox.run.kill();
}
const text = table(results);
process.stdout.write(`\n${text}\n`);
const section = [
  START,
  '',
  `Measured ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()} (load average ` +
    `${load.map((value) => value.toFixed(1)).join(', ')} at the start); \`npm run bench:profile\`, runs of ${seconds} s ` +
    `with ${connections} connections, the sandbox answering at once. Milliseconds of CPU per request: the ` +
    "process's own CPU time over the run (GC threads and I/O included), shared out among the parts in " +
    'proportion to the samples taken every 250 µs on its main thread.',
  '',
  text,
  '',
  END,
].join('\n');
if (writeDocs) {
  writeReport(fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url)), section, { start: START, end: END });
  log('docs/BENCHMARKS.md written');
}
