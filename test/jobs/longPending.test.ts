/**
 * A job the upstream gives no final word on (an action that may still land) is followed for as long as
 * it takes, but not at the cost of a call every few seconds for days: the longer it has been pending,
 * the less often it is asked, and an operator is told once that it is still pending.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobRecord } from '../../src/jobs/types.js';
import type { Logger } from '../../src/logger.js';
import { JobEngine } from '../../src/jobs/engine.js';
import { CountingStore, FAST, PENDING, RecordingEvents, ScriptedKind, fakeUpstream, silentLogger } from './support.js';

const HOUR = 60 * 60_000;
const MADE_AT = 10 * HOUR;

class EndlessKind extends ScriptedKind {
  readonly maxAgeMs = Number.POSITIVE_INFINITY;
  constructor() {
    super([PENDING], 'endless');
  }
}

const pending = (id: string): JobRecord => ({
  id,
  kind: 'endless',
  status: 'PENDING',
  input: { bill: id },
  ref: id,
  result: null,
  failure: null,
  createdAt: MADE_AT,
  updatedAt: MADE_AT,
  version: 1,
});

/** Polls of a job made at MADE_AT over `ms` of time, with the clock `age` after MADE_AT; and the warnings logged. */
async function pollsOver(age: number, ms: number): Promise<{ polls: number; warnings: string[] }> {
  const kind = new EndlessKind();
  const store = new CountingStore();
  const warnings: string[] = [];
  const logger = {
    ...silentLogger,
    warn: (_facts: unknown, message: string) => warnings.push(message),
  } as unknown as Logger;
  const start = Date.now();
  const engine = new JobEngine({
    store,
    events: new RecordingEvents(),
    kinds: [kind],
    upstream: fakeUpstream,
    config: { ...FAST, pollInitialMs: 100, pollMaxMs: 1_000 },
    logger,
    clock: { now: () => MADE_AT + age + (Date.now() - start) },
  });
  await store.insert(pending('job'));
  engine.track('job');
  await vi.advanceTimersByTimeAsync(ms);
  await engine.stop();
  return { polls: kind.pollsOf('job'), warnings };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a job pending for long', () => {
  it('is asked at most every pollMaxMs while young, and about every sixtieth of its age once old', async () => {
    vi.useFakeTimers();
    // Young: every second once the backoff (100, 150, 225, … ms) reaches it, for its first minute.
    const young = await pollsOver(0, 60_000);
    expect(young.polls).toBeGreaterThan(55);
    expect(young.polls).toBeLessThan(70);
    // Ten hours old: its wait grows by the backoff up to ten minutes (a sixtieth of its age).
    const old = await pollsOver(10 * HOUR, 60 * 60_000);
    expect(old.polls).toBeGreaterThan(20);
    expect(old.polls).toBeLessThan(30);
    // A week old: never less often than every fifteen minutes.
    const ancient = await pollsOver(7 * 24 * HOUR, 5 * HOUR);
    expect(ancient.polls).toBeGreaterThan(32);
    expect(ancient.polls).toBeLessThan(45);
  });

  it('is logged once as still pending after an hour, and not before', async () => {
    vi.useFakeTimers();
    expect((await pollsOver(HOUR - 60_000, 30_000)).warnings).toEqual([]);
    const { warnings } = await pollsOver(HOUR, 10 * 60_000);
    expect(warnings).toEqual(['job still pending an hour after it was made: the upstream has given no final word yet']);
  });
});
