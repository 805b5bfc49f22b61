/**
 * The watcher of `npm run bench:attacks`, in a process of its own so that the attacker's own work never
 * delays a probe: every 100 ms it starts a `GET /healthz` (its own 5 s timeout) and reads the target's
 * resident memory, until the parent asks for what it saw. Driven over IPC by `monitor.ts`.
 */
import { residentBytes } from './measure.js';
import { PROBE_TIMEOUT_MS, type MonitorRequest, type MonitorSamples } from './monitor.js';

const INTERVAL_MS = 100;

let samples: MonitorSamples = { healthMs: [], healthFailures: 0, rssBytes: [] };
let timer: NodeJS.Timeout | undefined;
let inFlight = 0;

async function probe(url: string, into: MonitorSamples): Promise<void> {
  const started = performance.now();
  inFlight += 1;
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await res.body?.cancel();
    into.healthMs.push(res.status === 200 ? performance.now() - started : PROBE_TIMEOUT_MS);
  } catch (error) {
    // A timeout counts as the timeout; a refused connection (the process gone) as a failure.
    if (error instanceof Error && error.name === 'TimeoutError') into.healthMs.push(PROBE_TIMEOUT_MS);
    else into.healthFailures += 1;
  } finally {
    inFlight -= 1;
  }
}

function rss(pid: number): number {
  try {
    return residentBytes(pid, 'VmRSS');
  } catch {
    return 0;
  }
}

function watch(pid: number, url: string): void {
  const into: MonitorSamples = { healthMs: [], healthFailures: 0, rssBytes: [] };
  samples = into;
  clearInterval(timer);
  const tick = () => {
    into.rssBytes.push(rss(pid));
    void probe(url, into);
  };
  tick();
  timer = setInterval(tick, INTERVAL_MS);
}

process.on('message', (message: MonitorRequest) => {
  if (message.kind === 'watch') {
    watch(message.pid, message.url);
    process.send?.({ kind: 'watching' });
    return;
  }
  clearInterval(timer);
  void report(Date.now() + message.drainMs);
});

/** Sends the samples once the probes in flight have ended (or timed out), so a held /healthz is counted. */
async function report(by: number): Promise<void> {
  while (inFlight > 0 && Date.now() < by) await new Promise((resolve) => setTimeout(resolve, 20));
  process.send?.({ kind: 'samples', samples });
}
process.on('disconnect', () => clearInterval(timer));
