/** JobEngine edges: checks, finishing from outside, metrics, leases on stop, permanent failures. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobEngine } from '../../src/jobs/engine.js';
import type { JobLeases, JobRecord } from '../../src/jobs/types.js';
import { jobsFollowed, jobTransitions } from '../../src/observability/metrics.js';
import {
  CountingStore,
  FAST,
  PENDING,
  RecordingEvents,
  ScriptedKind,
  deferred,
  fakeUpstream,
  newEngine,
  silentLogger,
  success,
  unavailable,
  type Setup,
} from './support.js';

const engines: JobEngine[] = [];

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
});

function setup(...args: Parameters<typeof newEngine>): Setup {
  const made = newEngine(...args);
  engines.push(made.engine);
  return made;
}

async function counted(
  metric: typeof jobTransitions | typeof jobsFollowed,
  labels: Record<string, string>,
): Promise<number> {
  const found = (await metric.get()).values.find((value) => {
    const seen: Record<string, string | number | undefined> = value.labels;
    return Object.entries(labels).every(([name, label]) => seen[name] === label);
  });
  return found?.value ?? 0;
}

async function followedInAll(): Promise<number> {
  return (await jobsFollowed.get()).values.reduce((sum, value) => sum + value.value, 0);
}

function pendingJob(kind: string, id = `job-${Math.random().toString(16).slice(2)}`): JobRecord {
  return {
    id,
    kind,
    status: 'PENDING',
    input: { bill: 'b-1' },
    ref: 'ref-x',
    result: null,
    failure: null,
    createdAt: Date.now(),
    updatedAt: Date.now(),
    version: 1,
  };
}

/** Leases always granted here, unless the test holds back an answer; records releases. */
class RecordingLeases implements JobLeases {
  readonly released: string[] = [];
  answer: Promise<boolean> | null = null;

  constructor(readonly checkEveryMs: number | null = null) {}

  async acquire(): Promise<boolean> {
    return this.answer ?? true;
  }

  async release(id: string): Promise<void> {
    this.released.push(id);
  }

  async close(): Promise<void> {}
}

function withLeases(kind: ScriptedKind, leases: JobLeases) {
  const store = new CountingStore();
  const events = new RecordingEvents();
  const engine = new JobEngine({
    store,
    events,
    leases,
    kinds: [kind],
    upstream: fakeUpstream,
    config: FAST,
    logger: silentLogger,
  });
  engines.push(engine);
  return { engine, store, events };
}

describe('start and claim', () => {
  it('refuses a kind it was not given', async () => {
    const { engine } = setup([new ScriptedKind([PENDING])]);
    await expect(engine.start(new ScriptedKind([PENDING], 'other'), { bill: 'b-1' })).rejects.toThrow(
      'Unknown job kind other',
    );
  });

  it('refuses another kind under the name of one it was given', async () => {
    const { engine } = setup([new ScriptedKind([PENDING])]);
    await expect(engine.start(new ScriptedKind([PENDING]), { bill: 'b-1' })).rejects.toThrow('Unknown job kind fake');
  });

  it('refuses a job whose id is taken, with its id', async () => {
    const kind = new ScriptedKind([PENDING], 'taken');
    const { engine, store } = setup([kind]);
    vi.spyOn(store, 'insert').mockResolvedValue(false);
    await expect(engine.start(kind, { bill: 'b-1' })).rejects.toThrow(/^job [0-9a-f-]{36} exists$/);
  });

  it('counts a started job as PENDING, and a claimed job under its status only when claimed', async () => {
    const kind = new ScriptedKind([PENDING], 'counted');
    const { engine } = setup([kind]);
    await engine.start(kind, { bill: 'b-1' });
    expect(await counted(jobTransitions, { kind: 'counted', status: 'PENDING' })).toBe(1);
    const job = { ...pendingJob('claimed'), status: 'SUCCESS' as const, result: { amount: '1' } };
    expect(await engine.claim(job)).toBe(true);
    expect(await counted(jobTransitions, { kind: 'claimed', status: 'SUCCESS' })).toBe(1);
    expect(await engine.claim(job)).toBe(false);
    expect(await counted(jobTransitions, { kind: 'claimed', status: 'SUCCESS' })).toBe(1);
  });
});

describe('check', () => {
  it('keeps a job whose check failed pending, and follows it to its final state', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([unavailable(), success('7')]);
    const { engine, store, events } = setup([kind]);
    const job = pendingJob('fake');
    await store.insert(job);
    await engine.check(job);
    expect(store.replaces).toBe(0);
    expect((await store.get(job.id))?.status).toBe('PENDING');
    await vi.advanceTimersByTimeAsync(FAST.pollInitialMs);
    expect((await store.get(job.id))?.result).toEqual({ amount: '7' });
    expect(events.published.map((published) => published.status)).toEqual(['SUCCESS']);
  });

  it('stores nothing for a pending answer, and follows the job', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([PENDING, success('8')]);
    const { engine, store, events } = setup([kind]);
    const job = pendingJob('fake');
    await store.insert(job);
    await engine.check(job);
    expect(store.replaces).toBe(0);
    expect(events.published).toEqual([]);
    await vi.advanceTimersByTimeAsync(FAST.pollInitialMs);
    expect((await store.get(job.id))?.status).toBe('SUCCESS');
  });

  it('follows a job whose final answer could not be stored', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([success('9')]);
    const { engine, store } = setup([kind]);
    const job = pendingJob('fake');
    await store.insert(job);
    vi.spyOn(store, 'replace').mockRejectedValueOnce(new Error('store down'));
    await engine.check(job);
    expect((await store.get(job.id))?.status).toBe('PENDING');
    await vi.advanceTimersByTimeAsync(FAST.pollInitialMs);
    expect((await store.get(job.id))?.status).toBe('SUCCESS');
  });
});

describe('finish', () => {
  it('answers true when stored, false (storing and announcing nothing) when the job changed', async () => {
    const { engine, store, events } = setup([new ScriptedKind([PENDING])]);
    const job = pendingJob('fake');
    await store.insert(job);
    expect(await engine.finish(job, { status: 'SUCCESS', result: { amount: '1' } })).toBe(true);
    expect(await engine.finish(job, { status: 'SUCCESS', result: { amount: '2' } })).toBe(false);
    expect((await store.get(job.id))?.result).toEqual({ amount: '1' });
    expect(events.published).toHaveLength(1);
  });

  it('is not announced again by the poll loop, before its first poll or after a pending one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([PENDING]);
    const { engine, events } = setup([kind]);
    const first = await engine.start(kind, { bill: 'b-1' });
    expect(await engine.finish(first, { status: 'SUCCESS', result: { amount: '1' } })).toBe(true);
    const second = await engine.start(kind, { bill: 'b-2' });
    await vi.advanceTimersByTimeAsync(FAST.pollInitialMs);
    expect(kind.pollsOf(second.ref)).toBe(1);
    expect(await engine.finish(second, { status: 'SUCCESS', result: { amount: '2' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(FAST.pollMaxMs * 3);
    expect(kind.pollsOf(first.ref)).toBe(0);
    expect(kind.pollsOf(second.ref)).toBe(1);
    expect(events.published.map((published) => published.id)).toEqual([first.id, second.id]);
  });
});

describe('polling', () => {
  it('does not fail a job on upstream failures that may pass, however many in a row', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([unavailable(), unavailable(), unavailable(), unavailable(), success('3')]);
    const { engine, store } = setup([kind]);
    const job = await engine.start(kind, { bill: 'b-1' });
    await vi.advanceTimersByTimeAsync(FAST.pollMaxMs * 6);
    expect(kind.pollsOf(job.ref)).toBe(5);
    expect((await store.get(job.id))?.status).toBe('SUCCESS');
  });

  it('counts a job followed once, stopped while its poll is in flight', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = deferred<typeof PENDING>();
    const kind = new ScriptedKind([() => answer.promise], 'inflight');
    const leases = new RecordingLeases();
    const { engine } = withLeases(kind, leases);
    const before = await followedInAll();
    const job = await engine.start(kind, { bill: 'b-1' });
    await vi.advanceTimersByTimeAsync(FAST.pollInitialMs);
    expect(await counted(jobsFollowed, { kind: 'inflight' })).toBe(1);
    const stopped = engine.stop();
    answer.resolve(success('4'));
    await stopped;
    expect(await followedInAll()).toBe(before);
    expect(leases.released).toEqual([job.id]);
  });
});

describe('leases on stop', () => {
  it('gives up no lease it never took: stopped before the first poll', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([PENDING]);
    const leases = new RecordingLeases();
    const { engine } = withLeases(kind, leases);
    const before = await followedInAll();
    await engine.start(kind, { bill: 'b-1' });
    await engine.stop();
    expect(leases.released).toEqual([]);
    expect(await followedInAll()).toBe(before);
  });

  it('gives up no lease it was refused while stopping', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([PENDING]);
    const leases = new RecordingLeases();
    const refusal = deferred<boolean>();
    leases.answer = refusal.promise;
    const { engine } = withLeases(kind, leases);
    await engine.start(kind, { bill: 'b-1' });
    await vi.advanceTimersByTimeAsync(FAST.pollInitialMs);
    const stopped = engine.stop();
    refusal.resolve(false);
    await stopped;
    expect(leases.released).toEqual([]);
  });
});

describe('watch', () => {
  it('names the id it has no job for', async () => {
    const { engine } = setup([new ScriptedKind([PENDING])]);
    await expect(engine.watch('nope')).rejects.toThrow('No job with id "nope".');
  });

  it('starts from the first read when the job is gone by the second', async () => {
    const { engine, store } = setup([new ScriptedKind([PENDING])]);
    const job = pendingJob('fake');
    await store.insert(job);
    vi.spyOn(store, 'get').mockResolvedValueOnce(job).mockResolvedValueOnce(null);
    const watch = await engine.watch(job.id);
    const first = await watch.next();
    expect(first.value).toEqual(job);
    await watch.return?.();
  });
});

/** With leases shared between processes, the engine looks for pending jobs nobody polls every 100 ms. */
describe('the sweep for jobs nobody polls', () => {
  it('runs once per period however many jobs are followed, and not after stop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([PENDING]);
    const { engine, store } = withLeases(kind, new RecordingLeases(100));
    const listed = vi.spyOn(store, 'listPending');
    await engine.resume();
    await engine.start(kind, { bill: 'b-1' });
    await engine.start(kind, { bill: 'b-2' });
    await vi.advanceTimersByTimeAsync(100);
    expect(listed).toHaveBeenCalledTimes(2);
    await engine.stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(listed).toHaveBeenCalledTimes(2);
  });

  it('is not taken up again by a sweep that ends after stop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([PENDING]);
    const { engine, store } = withLeases(kind, new RecordingLeases(100));
    const listing = deferred<JobRecord[]>();
    const listed = vi.spyOn(store, 'listPending').mockResolvedValueOnce([]).mockReturnValueOnce(listing.promise);
    await engine.resume();
    await vi.advanceTimersByTimeAsync(100);
    expect(listed).toHaveBeenCalledTimes(2);
    const stopped = engine.stop();
    listing.resolve([]);
    await stopped;
    await vi.advanceTimersByTimeAsync(500);
    expect(listed).toHaveBeenCalledTimes(2);
  });
});

describe('more edges', () => {
  it('fails a watch whose second read failed, unsubscribed', async () => {
    const { engine, store, events } = setup([new ScriptedKind([PENDING])]);
    const job = pendingJob('fake');
    await store.insert(job);
    const unsubscribed = vi.fn();
    const subscribe = events.subscribe.bind(events);
    vi.spyOn(events, 'subscribe').mockImplementation((id, listener) => {
      const subscription = subscribe(id, listener);
      return {
        ...subscription,
        unsubscribe: () => {
          unsubscribed();
          subscription.unsubscribe();
        },
      };
    });
    vi.spyOn(store, 'get').mockResolvedValueOnce(job).mockRejectedValueOnce(new Error('store down'));
    await expect(engine.watch(job.id)).rejects.toThrow('store down');
    expect(unsubscribed).toHaveBeenCalledTimes(1);
  });

  it('expires a job past its lifetime whose poll threw a plain error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let now = 1_000;
    const kind = new ScriptedKind([new Error('boom')]);
    const { engine, store } = setup([kind], { now: () => now });
    const job = await engine.start(kind, { bill: 'b-1' });
    now += FAST.maxAgeMs + 1;
    await vi.advanceTimersByTimeAsync(FAST.pollInitialMs);
    expect((await store.get(job.id))?.failure?.code).toBe('JOB_EXPIRED');
  });
});

describe('failures that are only logged', () => {
  it('sweeps again after a listing that failed, and takes up the pending jobs then', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([success('5')]);
    const { engine, store } = withLeases(kind, new RecordingLeases(100));
    await engine.resume();
    const job = pendingJob('fake');
    await store.insert(job);
    vi.spyOn(store, 'listPending').mockRejectedValueOnce(new Error('store down'));
    await vi.advanceTimersByTimeAsync(100);
    expect(kind.polls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100 + FAST.pollInitialMs);
    expect((await store.get(job.id))?.status).toBe('SUCCESS');
  });

  it('stops even when a lease could not be released', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([PENDING]);
    const leases = new RecordingLeases();
    vi.spyOn(leases, 'release').mockRejectedValue(new Error('lease store down'));
    const { engine } = withLeases(kind, leases);
    await engine.start(kind, { bill: 'b-1' });
    await vi.advanceTimersByTimeAsync(FAST.pollInitialMs);
    await expect(engine.stop()).resolves.toBeUndefined();
    expect(leases.release).toHaveBeenCalledTimes(1);
  });
});
