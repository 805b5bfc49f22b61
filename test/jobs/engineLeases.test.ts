/** JobEngine with poll leases it does not always get (fake leases, fake timers; no Redis). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobEngine } from '../../src/jobs/engine.js';
import type { JobLeases } from '../../src/jobs/types.js';
import {
  CountingStore,
  FAST,
  PENDING,
  RecordingEvents,
  ScriptedKind,
  fakeUpstream,
  silentLogger,
  success,
} from './support.js';

/** Leases held by this engine or by "another process", as the test says; records what the engine asks. */
class FakeLeases implements JobLeases {
  readonly checkEveryMs = 100;
  /** Jobs whose lease another process holds. */
  readonly elsewhere = new Set<string>();
  readonly held = new Set<string>();
  readonly released: string[] = [];
  acquisitions = 0;

  async acquire(id: string): Promise<boolean> {
    this.acquisitions += 1;
    if (this.elsewhere.has(id)) return false;
    this.held.add(id);
    return true;
  }

  async release(id: string): Promise<void> {
    this.held.delete(id);
    this.released.push(id);
  }

  async close(): Promise<void> {}
}

const engines: JobEngine[] = [];

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
});

function setup(kind: ScriptedKind, leases: JobLeases, store = new CountingStore()) {
  const events = new RecordingEvents();
  const engine = new JobEngine({
    store,
    events,
    leases,
    kinds: [kind],
    upstream: fakeUpstream,
    config: { ...FAST, pollInitialMs: 10, pollMaxMs: 10 },
    logger: silentLogger,
  });
  engines.push(engine);
  return { engine, store, events };
}

const input = { bill: '1' };

describe('an engine sharing its jobs through leases', () => {
  it('does not poll a job whose lease another holds, and takes it over once that lease is free', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const leases = new FakeLeases();
    const kind = new ScriptedKind([PENDING, success('3')]);
    const { engine, store } = setup(kind, leases);
    const job = await engine.start(kind, input);
    leases.elsewhere.add(job.id);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(kind.polls).toHaveLength(0);
    // Refused at its first turn, then once per look for jobs (every 100 ms).
    expect(leases.acquisitions).toBeGreaterThanOrEqual(9);
    expect(leases.acquisitions).toBeLessThanOrEqual(11);

    leases.elsewhere.delete(job.id);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(kind.polls).toHaveLength(2);
    expect((await store.get(job.id))?.status).toBe('SUCCESS');
    expect(leases.released).toEqual([job.id]);
    expect(leases.held.size).toBe(0);
  });

  it('takes over a job started elsewhere, found when it looks for pending jobs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const leases = new FakeLeases();
    const kind = new ScriptedKind([success('4')]);
    const { engine, store } = setup(kind, leases);
    expect(await engine.resume()).toBe(0);
    const now = Date.now();
    await store.insert({
      id: 'elsewhere',
      kind: 'fake',
      status: 'PENDING',
      input,
      ref: 'ref-x',
      result: null,
      failure: null,
      createdAt: now,
      updatedAt: now,
      version: 1,
    });

    await vi.advanceTimersByTimeAsync(150);
    expect(kind.polls.map((poll) => poll.ref)).toEqual(['ref-x']);
    expect((await store.get('elsewhere'))?.status).toBe('SUCCESS');
    expect(leases.released).toEqual(['elsewhere']);
  });

  it('gives up the leases it holds when it stops, and none it was refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const leases = new FakeLeases();
    const kind = new ScriptedKind([PENDING]);
    const { engine } = setup(kind, leases);
    const mine = await engine.start(kind, input);
    const theirs = await engine.start(kind, input);
    leases.elsewhere.add(theirs.id);
    await vi.advanceTimersByTimeAsync(50);
    expect(leases.held).toEqual(new Set([mine.id]));

    await engine.stop();
    expect(leases.released).toEqual([mine.id]);
    expect(leases.held.size).toBe(0);
    const acquisitions = leases.acquisitions;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(leases.acquisitions).toBe(acquisitions);
  });

  it('without shared leases, never looks for pending jobs again after resume()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    class ListingStore extends CountingStore {
      listings = 0;

      override listPending() {
        this.listings += 1;
        return super.listPending();
      }
    }
    const store = new ListingStore();
    const kind = new ScriptedKind([PENDING]);
    const events = new RecordingEvents();
    const engine = new JobEngine({
      store,
      events,
      kinds: [kind],
      upstream: fakeUpstream,
      config: FAST,
      logger: silentLogger,
    });
    engines.push(engine);
    await engine.start(kind, input);
    await engine.resume();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.listings).toBe(1);
    expect(kind.polls.length).toBeGreaterThan(1);
  });
});
