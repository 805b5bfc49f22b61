/**
 * One measured run: autocannon against the subgraph or the floor for a bounded time, with the target
 * process's CPU time and peak resident memory, and the upstream calls the sandbox received meanwhile.
 */
import autocannon from 'autocannon';
import { cpuMilliseconds, residentBytes, resetPeakResident } from './measure.js';
import type { BenchProcess, CallCounts, SandboxProcess } from './processes.js';
import { requestBody, scenariosOf, type RunName } from './scenarios.js';

export type TargetKind = 'subgraph' | 'floor';

export interface Target {
  readonly kind: TargetKind;
  readonly process: BenchProcess;
}

export interface RunResult {
  /** Answers with a 2xx status per second. */
  readonly throughput: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** The target's CPU time (user + system) over the run, per answer. */
  readonly cpuMsPerRequest: number;
  /** Upstream calls but token requests over the run, per answer (approximate: the calls of requests cut off at the end count too). */
  readonly callsPerRequest: number;
  readonly tokenRequests: number;
  readonly peakResidentBytes: number;
  readonly answered: number;
  /** Answers with another status, connection errors and timeouts. */
  readonly failed: number;
}

/** The requests of a run, for autocannon: one, or the mixed workload's cycle. */
function requestsOf(target: Target, run: RunName) {
  return scenariosOf(run).map((scenario) => ({
    method: 'POST' as const,
    path: target.kind === 'subgraph' ? '/graphql' : `/${scenario.name}`,
    headers: { 'content-type': 'application/json' },
    body: requestBody(scenario),
  }));
}

const nonTokenCalls = (counts: CallCounts): number =>
  Object.entries(counts).reduce((sum, [id, n]) => (id === 'token' ? sum : sum + n), 0);
const allCalls = (counts: CallCounts): number => Object.values(counts).reduce((sum, n) => sum + n, 0);

/**
 * Waits until the sandbox has received no call for `quietMs`: the requests a run left in flight when
 * its time was up go on calling the upstream, and must not count in the next measure.
 */
async function settle(sandbox: SandboxProcess, quietMs = 300, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = allCalls(await sandbox.counts());
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const now = allCalls(await sandbox.counts());
    if (now === last) return;
    if (Date.now() > deadline) throw new Error('the upstream calls of the previous run never stopped');
    last = now;
  }
}

export async function measureRun(
  target: Target,
  run: RunName,
  sandbox: SandboxProcess,
  options: { seconds: number; connections: number },
): Promise<RunResult> {
  const pid = target.process.pid;
  await settle(sandbox);
  await sandbox.forget();
  const exactPeak = resetPeakResident(pid);
  let sampledPeak = residentBytes(pid, 'VmRSS');
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, residentBytes(pid, 'VmRSS'))), 100);
  const cpuBefore = cpuMilliseconds(pid);
  const result = await autocannon({
    url: target.process.url,
    connections: options.connections,
    duration: options.seconds,
    requests: requestsOf(target, run),
  });
  const cpu = cpuMilliseconds(pid) - cpuBefore;
  clearInterval(sampler);
  const peak = exactPeak ? residentBytes(pid, 'VmHWM') : sampledPeak;
  const counts = await sandbox.counts();
  const answered = result['2xx'];
  const elapsedSeconds = (result.finish.getTime() - result.start.getTime()) / 1000;
  return {
    throughput: answered / elapsedSeconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMsPerRequest: cpu / Math.max(1, answered),
    callsPerRequest: nonTokenCalls(counts) / Math.max(1, answered),
    tokenRequests: counts['token'] ?? 0,
    peakResidentBytes: Math.max(peak, sampledPeak),
    answered,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

export interface Probe {
  /** Upstream calls but token requests, per operation, exactly: one request of each scenario, alone. */
  readonly callsPerOperation: number;
  /** The same calls by operation id. */
  readonly counts: CallCounts;
}

/** Sends each request of a run once, alone, and counts the upstream calls it made; fails on an error answer. */
export async function probeRun(target: Target, run: RunName, sandbox: SandboxProcess): Promise<Probe> {
  const requests = requestsOf(target, run);
  await settle(sandbox);
  await sandbox.forget();
  for (const request of requests) {
    const res = await fetch(`${target.process.url}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const answer = (await res.json()) as { data?: unknown; errors?: unknown };
    if (res.status !== 200 || answer.errors !== undefined || answer.data === undefined) {
      throw new Error(`${target.kind} answered ${run} with ${res.status}: ${JSON.stringify(answer).slice(0, 500)}`);
    }
  }
  const counts = await sandbox.counts();
  return { callsPerOperation: nonTokenCalls(counts) / requests.length, counts };
}
