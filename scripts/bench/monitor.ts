/** The parent's side of the watcher (`monitorMain.ts`): start it, watch a process, collect its samples. */
import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { TSX_LOADER } from '../../test/helpers/procUtils.js';

/** How long a `/healthz` probe may take; one that takes longer is recorded as this. */
export const PROBE_TIMEOUT_MS = 5_000;

export interface MonitorSamples {
  /** `/healthz` latencies; a probe that timed out counts as the timeout. */
  healthMs: number[];
  /** Probes refused or broken (the process gone). */
  healthFailures: number;
  /** Resident memory every 100 ms, 0 once the process is gone. */
  rssBytes: number[];
}

export type MonitorRequest = { kind: 'watch'; pid: number; url: string } | { kind: 'report'; drainMs: number };
type MonitorAnswer = { kind: 'watching' } | { kind: 'samples'; samples: MonitorSamples };

export class Monitor {
  private constructor(private readonly child: ChildProcess) {}

  static start(): Monitor {
    const child = fork(fileURLToPath(new URL('monitorMain.ts', import.meta.url)), [], {
      execArgv: ['--import', TSX_LOADER],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // Run first when it wants the CPU, as a cluster's prober does beside the pods it probes: the attacker
    // and the subgraph share two cores, and a watcher left waiting for one times its own wait.
    try {
      if (child.pid !== undefined) setPriority(child.pid, -10);
    } catch {
      process.stderr.write('bench: the watcher runs at normal priority (raising it is not permitted here)\n');
    }
    return new Monitor(child);
  }

  private ask<K extends MonitorAnswer['kind']>(
    request: MonitorRequest,
    kind: K,
  ): Promise<Extract<MonitorAnswer, { kind: K }>> {
    return new Promise((resolve) => {
      const listener = (message: MonitorAnswer) => {
        if (message.kind !== kind) return;
        this.child.off('message', listener);
        resolve(message as Extract<MonitorAnswer, { kind: K }>);
      };
      this.child.on('message', listener);
      this.child.send(request);
    });
  }

  async watch(pid: number, url: string): Promise<void> {
    await this.ask({ kind: 'watch', pid, url }, 'watching');
  }

  /** Stops sampling and returns what was seen, once the probes in flight have ended. */
  async collect(drainMs: number): Promise<MonitorSamples> {
    return (await this.ask({ kind: 'report', drainMs }, 'samples')).samples;
  }

  stop(): void {
    this.child.disconnect();
  }
}
