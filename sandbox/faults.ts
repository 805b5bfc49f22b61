import type { ArmedFault, FaultRule, LatencyRule } from './types.js';

interface ArmedRule {
  readonly rule: Readonly<FaultRule>;
  remaining: number;
}

/** Every call, whatever its operation: the key of a latency rule without an operation. */
const ANY = '*';

/** A small seedable generator (mulberry32): the same seed gives the same faults, run after run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Checks a rule as it arrives (from a test, or over the admin path); throws a RangeError naming the bad field. */
export function checkedRule(rule: FaultRule): FaultRule {
  if (rule.times !== undefined && !(rule.times >= 0))
    throw new RangeError(`fault times must be a non-negative number, got ${String(rule.times)}`);
  if (rule.delayMs !== undefined && !(rule.delayMs >= 0)) throw new RangeError('fault delayMs must be non-negative');
  if (rule.status !== undefined && !(Number.isInteger(rule.status) && rule.status >= 100 && rule.status <= 599)) {
    throw new RangeError(`fault status must be an HTTP status, got ${rule.status}`);
  }
  if (rule.probability !== undefined && !(rule.probability >= 0 && rule.probability <= 1)) {
    throw new RangeError(`fault probability must be between 0 and 1, got ${String(rule.probability)}`);
  }
  if (
    rule.retryAfter !== undefined &&
    !(typeof rule.retryAfter === 'string' ? rule.retryAfter.trim() !== '' : rule.retryAfter >= 0)
  ) {
    throw new RangeError('fault retryAfter must be non-negative seconds or an HTTP date');
  }
  return rule;
}

/**
 * Calls held back until the test lets them go: at their arrival (not yet recorded, as if still on their
 * way) or at their answer (recorded, pending).
 */
export type HoldStage = 'arrival' | 'answer';

interface Hold {
  readonly operationId: string | undefined;
  readonly stage: HoldStage;
  readonly released: Promise<void>;
}

/** Injected faults, applied in the order they were added, extra latency per operation, and held answers. */
export class FaultBook {
  private rules: ArmedRule[] = [];
  private readonly latency = new Map<string, number>();
  private readonly holds = new Map<Hold, () => void>();

  constructor(private readonly random: () => number = Math.random) {}

  add(rule: FaultRule): void {
    checkedRule(rule);
    const times = rule.times ?? (rule.probability === undefined ? 1 : Number.POSITIVE_INFINITY);
    this.rules.push({ rule: { ...rule }, remaining: times });
  }

  list(): ArmedFault[] {
    return this.rules.map(({ rule, remaining }) => ({ rule: { ...rule }, remaining }));
  }

  /** Forgets every fault rule and latency rule, and lets every held answer go. */
  clear(): void {
    this.clearRules();
    this.clearLatency();
    for (const release of [...this.holds.values()]) release();
  }

  /** Holds calls to `operationId` (every call when omitted) at `stage` until the function returned is called. */
  hold(operationId: string | undefined, stage: HoldStage): () => void {
    let resolve = () => {};
    const hold: Hold = { operationId, stage, released: new Promise<void>((done) => (resolve = done)) };
    const release = () => {
      this.holds.delete(hold);
      resolve();
    };
    this.holds.set(hold, release);
    return release;
  }

  /** Waits while a hold at `stage` applies to calls to `operationId`; rejects when `signal` aborts first. */
  async held(operationId: string, stage: HoldStage, signal: AbortSignal): Promise<void> {
    for (;;) {
      const hold = [...this.holds.keys()].find(
        (h) => h.stage === stage && (h.operationId === undefined || h.operationId === operationId),
      );
      if (!hold) return;
      signal.throwIfAborted();
      let stopListening = () => {};
      const aborted = new Promise<never>((_, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        stopListening = () => signal.removeEventListener('abort', onAbort);
      });
      try {
        await Promise.race([hold.released, aborted]);
      } finally {
        stopListening();
      }
    }
  }

  clearRules(): void {
    this.rules = [];
  }

  clearLatency(): void {
    this.latency.clear();
  }

  setLatency({ operationId, ms }: LatencyRule): void {
    if (!(Number.isFinite(ms) && ms >= 0))
      throw new RangeError(`latency ms must be a non-negative number, got ${String(ms)}`);
    if (ms === 0) this.latency.delete(operationId ?? ANY);
    else this.latency.set(operationId ?? ANY, ms);
  }

  latencies(): LatencyRule[] {
    return [...this.latency].map(([key, ms]) => (key === ANY ? { ms } : { operationId: key, ms }));
  }

  /** The extra latency of a call to `operationId`: its own rule, else the rule for every call. */
  latencyOf(operationId: string): number {
    return this.latency.get(operationId) ?? this.latency.get(ANY) ?? 0;
  }

  /** The first rule for this operation with uses left that applies (by its probability), spending one use of it. */
  take(operationId: string): Readonly<FaultRule> | undefined {
    for (const entry of this.rules) {
      if (entry.remaining <= 0 || (entry.rule.operationId !== undefined && entry.rule.operationId !== operationId))
        continue;
      if (entry.rule.probability !== undefined && !(this.random() < entry.rule.probability)) continue;
      entry.remaining -= 1;
      return entry.rule;
    }
    return undefined;
  }
}
