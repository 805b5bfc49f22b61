/** JobEngine with a scripted job kind: submit, poll loop, backoff, final states, watches, resume, stop. */
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobEngine } from '../../src/jobs/engine.js';
import type { JobRecord } from '../../src/jobs/types.js';
import {
  CountingStore,
  PENDING,
  ScriptedKind,
  deferred,
  fakeUpstream,
  newEngine,
  nextWithin,
  notFound,
  rejected,
  success,
  unavailable,
  within,
  type Step,
} from './support.js';
import { eventually } from '../helpers/eventually.js';
import { at } from '../helpers/responses.js';

const engines: JobEngine[] = [];
const stores: CountingStore[] = [];

function setup(...args: Parameters<typeof newEngine>) {
  const made = newEngine(...args);
  engines.push(made.engine);
  stores.push(made.store);
  return made;
}

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

const input = { bill: '12345' };

async function finalOf(store: CountingStore, id: string): Promise<JobRecord> {
  let job: JobRecord | null = null;
  await eventually(async () => {
    job = await store.get(id);
    return job !== null && job.status !== 'PENDING';
  });
  return job!;
}

async function collect(iterator: AsyncIterableIterator<JobRecord>): Promise<JobRecord[]> {
  const seen: JobRecord[] = [];
  for (;;) {
    const next = await nextWithin(iterator, 2_000);
    if (next.done) return seen;
    seen.push(next.value);
  }
}

describe('start', () => {
  it('submits once and stores the job PENDING at version 1', async () => {
    const kind = new ScriptedKind([PENDING]);
    const { engine, store, events } = setup([kind], { now: () => 1_000 });
    const job = await engine.start(kind, input);

    expect(job).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      kind: 'fake',
      status: 'PENDING',
      input,
      ref: 'ref-1',
      result: null,
      failure: null,
      createdAt: 1_000,
      updatedAt: 1_000,
      version: 1,
    });
    expect(await store.get(job.id)).toEqual(job);
    expect(await engine.get(job.id)).toEqual(job);
    expect(kind.submits).toEqual([{ input, upstream: fakeUpstream }]);
    expect(store.replaces).toBe(0);
    expect(events.published).toEqual([]);
  });

  it('gives every job its own id', async () => {
    const kind = new ScriptedKind([PENDING]);
    const { engine } = setup([kind]);
    const [a, b] = await Promise.all([engine.start(kind, input), engine.start(kind, input)]);
    expect(a.id).not.toBe(b.id);
    expect([a.ref, b.ref].sort()).toEqual(['ref-1', 'ref-2']);
  });

  it('throws a submission failure and stores nothing', async () => {
    const kind = new ScriptedKind([PENDING]);
    kind.submitFailure = rejected('VALIDATION_ERROR');
    const { engine, store } = setup([kind]);

    await expect(engine.start(kind, input)).rejects.toBe(kind.submitFailure);
    expect(await store.listPending()).toEqual([]);
  });

  it('refuses an unknown kind without submitting', async () => {
    const kind = new ScriptedKind([PENDING]);
    const { engine } = setup([kind]);
    await expect(engine.start(new ScriptedKind([PENDING], 'other'), input)).rejects.toThrow('Unknown job kind other');
    expect(kind.submits).toEqual([]);
  });
});

describe('polling', () => {
  it('polls with backoff: the delay grows ×1.5 (rounded up) until pollMaxMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const kind = new ScriptedKind([PENDING]);
    const { engine } = setup([kind], { config: { pollInitialMs: 20, pollMaxMs: 100, maxAgeMs: 600_000 } });
    const startedAt = Date.now();
    await engine.start(kind, input);
    await vi.advanceTimersByTimeAsync(20 + 30 + 45 + 68 + 100 + 100 + 100);

    const times = kind.polls.map((poll) => poll.at - startedAt);
    expect(times).toEqual([20, 50, 95, 163, 263, 363, 463]);
    const gaps = times.map((t, i) => t - (times[i - 1] ?? 0));
    expect(gaps).toEqual([20, 30, 45, 68, 100, 100, 100]);
    await engine.stop();
  });

  it('stores SUCCESS once, with the result, at version 2, publishes it once, and stops polling', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([PENDING, PENDING, success('1200')]);
    let clock = 5_000;
    const { engine, store, events } = setup([kind], { now: () => clock });
    const job = await engine.start(kind, input);
    clock = 6_000;

    await vi.advanceTimersByTimeAsync(10_000);
    const done = await store.get(job.id);
    expect(done).toEqual({
      ...job,
      status: 'SUCCESS',
      result: { amount: '1200' },
      failure: null,
      updatedAt: 6_000,
      version: 2,
    });
    expect(kind.polls.map((poll) => [poll.ref, poll.input, poll.upstream])).toEqual([
      ['ref-1', input, fakeUpstream],
      ['ref-1', input, fakeUpstream],
      ['ref-1', input, fakeUpstream],
    ]);
    expect(store.replaces).toBe(1);
    expect(events.published).toEqual([done]);

    // A minute later, still nothing more.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(kind.polls).toHaveLength(3);
    expect(events.published).toHaveLength(1);
  });

  it('stores a FAILED outcome of the kind as it is', async () => {
    const kind = new ScriptedKind([{ status: 'FAILED', failure: { code: '40317', message: 'invalid input value' } }]);
    const { engine, store, events } = setup([kind]);
    const job = await engine.start(kind, input);

    const done = await finalOf(store, job.id);
    expect(done.status).toBe('FAILED');
    expect(done.failure).toEqual({ code: '40317', message: 'invalid input value' });
    expect(done.result).toBeNull();
    expect(done.version).toBe(2);
    expect(kind.polls).toHaveLength(1);
    expect(events.published).toEqual([done]);
  });

  it('stores and announces nothing for a PENDING → PENDING poll', async () => {
    const kind = new ScriptedKind([PENDING]);
    const { engine, store, events } = setup([kind]);
    const job = await engine.start(kind, input);

    await eventually(() => kind.polls.length >= 4);
    expect(events.published).toEqual([]);
    expect(store.replaces).toBe(0);
    expect(await store.get(job.id)).toEqual(job);
  });

  it('keeps polling through transient failures', async () => {
    const kind = new ScriptedKind([unavailable(), unavailable(), new Error('socket hang up'), success('7')]);
    const { engine, store, events } = setup([kind]);
    const job = await engine.start(kind, input);

    const done = await finalOf(store, job.id);
    expect(done.status).toBe('SUCCESS');
    expect(done.result).toEqual({ amount: '7' });
    expect(done.version).toBe(2);
    expect(kind.polls).toHaveLength(4);
    expect(events.published).toHaveLength(1);
  });

  it('fails the job after three UPSTREAM_REJECTED in a row, with the upstream code', async () => {
    const kind = new ScriptedKind([
      rejected('VALIDATION_ERROR'),
      rejected('VALIDATION_ERROR'),
      rejected('VALIDATION_ERROR'),
      success('1'),
    ]);
    const { engine, store, events } = setup([kind]);
    const job = await engine.start(kind, input);

    const done = await finalOf(store, job.id);
    expect(done).toEqual({
      ...job,
      status: 'FAILED',
      result: null,
      failure: { code: 'VALIDATION_ERROR', message: 'The upstream rejected the request.' },
      updatedAt: done.updatedAt,
      version: 2,
    });
    expect(kind.polls).toHaveLength(3);
    expect(events.published).toEqual([done]);
  });

  it('fails the job after three NOT_FOUND in a row, with our code when the upstream sent none', async () => {
    const kind = new ScriptedKind([notFound()]);
    const { engine, store } = setup([kind]);
    const job = await engine.start(kind, input);

    const done = await finalOf(store, job.id);
    expect(done.failure).toEqual({ code: 'NOT_FOUND', message: 'The upstream found no such record.' });
    expect(kind.polls).toHaveLength(3);
  });

  it('a real answer between rejections starts the count again', async () => {
    const r = () => rejected('VALIDATION_ERROR');
    const kind = new ScriptedKind([r(), r(), PENDING, r(), r(), success('9')]);
    const { engine, store } = setup([kind]);
    const job = await engine.start(kind, input);

    const done = await finalOf(store, job.id);
    expect(done.status).toBe('SUCCESS');
    expect(kind.polls).toHaveLength(6);
  });

  it('fails a job older than maxAgeMs with JOB_EXPIRED', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let clock = 10_000;
    const kind = new ScriptedKind([PENDING]);
    const { engine, store, events } = setup([kind], { now: () => clock, config: { maxAgeMs: 500 } });
    const job = await engine.start(kind, input);

    clock = 10_499;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(kind.polls.length).toBeGreaterThanOrEqual(2);
    expect((await store.get(job.id))?.status).toBe('PENDING');

    clock = 10_500;
    await vi.advanceTimersByTimeAsync(1_000);
    const done = await store.get(job.id);
    expect(done).toEqual({
      ...job,
      status: 'FAILED',
      result: null,
      failure: { code: 'JOB_EXPIRED', message: 'The upstream gave no final answer within the job lifetime.' },
      updatedAt: 10_500,
      version: 2,
    });
    expect(events.published).toEqual([done]);
    const polls = kind.polls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(kind.polls).toHaveLength(polls);
  });
});

describe('watch', () => {
  it('yields the current state first, then the change, then ends', async () => {
    const kind = new ScriptedKind([PENDING, PENDING, success('3')]);
    const { engine, events } = setup([kind]);
    const job = await engine.start(kind, input);
    const watch = await engine.watch(job.id);

    const seen = await collect(watch);
    expect(seen.map((record) => [record.status, record.version])).toEqual([
      ['PENDING', 1],
      ['SUCCESS', 2],
    ]);
    expect(seen[0]).toEqual(job);
    expect(seen[1]?.result).toEqual({ amount: '3' });
    expect(events.watchedJobs).toBe(0);
    expect(await watch.next()).toEqual({ value: undefined, done: true });
  });

  it('three watches of one job share its single poll loop', async () => {
    async function run(watchers: number): Promise<{ polls: number[]; seen: JobRecord[][] }> {
      const kind = new ScriptedKind([PENDING, PENDING, PENDING, success('5')]);
      const { engine, events } = setup([kind]);
      const job = await engine.start(kind, input);
      const watches = await Promise.all(Array.from({ length: watchers }, () => engine.watch(job.id)));
      expect(events.watchedJobs).toBe(1);
      const seen = await Promise.all(watches.map(collect));
      return { polls: kind.polls.map((poll) => poll.at), seen };
    }

    const single = await run(1);
    const triple = await run(3);

    expect(single.polls).toHaveLength(4);
    expect(triple.polls).toHaveLength(4);
    // One loop: polls never overlap, each at least the initial delay after the one before.
    for (let i = 1; i < triple.polls.length; i++)
      expect(at(triple.polls, i) - at(triple.polls, i - 1)).toBeGreaterThanOrEqual(9);
    expect(triple.seen).toHaveLength(3);
    for (const seen of triple.seen)
      expect(seen.map((record) => [record.status, record.version])).toEqual([
        ['PENDING', 1],
        ['SUCCESS', 2],
      ]);
  });

  it('a watch of a finished job yields it once and ends', async () => {
    const kind = new ScriptedKind([success('8')]);
    const { engine, store, events } = setup([kind]);
    const job = await engine.start(kind, input);
    const done = await finalOf(store, job.id);

    const watch = await engine.watch(job.id);
    expect(await nextWithin(watch)).toEqual({ value: done, done: false });
    expect(await nextWithin(watch)).toEqual({ value: undefined, done: true });
    expect(events.watchedJobs).toBe(0);
    expect(kind.polls).toHaveLength(1);
  });

  it('does not miss a change stored between its read of the job and its subscription', async () => {
    /** Answers the next `get` with an older record, as if the change landed just after the read. */
    class StaleOnceStore extends CountingStore {
      stale: JobRecord | null = null;

      override async get(id: string): Promise<JobRecord | null> {
        const stale = this.stale;
        this.stale = null;
        return stale ?? super.get(id);
      }
    }
    const store = new StaleOnceStore();
    const kind = new ScriptedKind([success('4')]);
    const { engine } = setup([kind], { store });
    const job = await engine.start(kind, input);
    const done = await finalOf(store, job.id);

    store.stale = job;
    const seen = await collect(await engine.watch(job.id));
    expect(seen).toEqual([job, done]);
  });

  it('a watch of an unknown id rejects with NOT_FOUND', async () => {
    const { engine } = setup([new ScriptedKind([PENDING])]);
    const error: unknown = await engine.watch('no-such-job').then(
      () => null,
      (reason: unknown) => reason,
    );

    expect(error).toBeInstanceOf(GraphQLError);
    expect(error instanceof GraphQLError && error.extensions['code']).toBe('NOT_FOUND');
  });

  it('return() on a waiting watch resolves at once, ends the pending next() and unsubscribes', async () => {
    const kind = new ScriptedKind([PENDING]);
    const { engine, events } = setup([kind]);
    const job = await engine.start(kind, input);
    const watch = await engine.watch(job.id);
    expect((await nextWithin(watch)).value).toEqual(job);

    const waiting = watch.next();
    expect(events.watchedJobs).toBe(1);
    expect(await within(watch.return!(), 100)).toEqual({ value: undefined, done: true });
    expect(await within(waiting, 100)).toEqual({ value: undefined, done: true });
    expect(events.watchedJobs).toBe(0);
    expect(await watch.next()).toEqual({ value: undefined, done: true });
  });

  it('a watch that ends leaves no listener behind while others go on', async () => {
    const kind = new ScriptedKind([PENDING]);
    const { engine, events } = setup([kind]);
    const job = await engine.start(kind, input);
    const first = await engine.watch(job.id);
    const second = await engine.watch(job.id);

    await first.return!();
    expect(events.watchedJobs).toBe(1);
    await second.return!();
    expect(events.watchedJobs).toBe(0);
  });
});

describe('resume and stop', () => {
  it('resume() follows the PENDING jobs already in the store (a new engine over the same store)', async () => {
    const before = new ScriptedKind([PENDING]);
    const first = setup([before], { config: { pollInitialMs: 10_000 } });
    const a = await first.engine.start(before, { bill: 'a' });
    const b = await first.engine.start(before, { bill: 'b' });
    await first.engine.stop();
    const finished: JobRecord = { ...a, id: 'finished-job', status: 'SUCCESS', result: { amount: '1' }, version: 2 };
    await first.store.insert(finished);
    expect(before.polls).toHaveLength(0);

    const after = new ScriptedKind([success('42')]);
    const second = setup([after], { store: first.store });
    expect(await second.engine.resume()).toBe(2);

    const [doneA, doneB] = await Promise.all([finalOf(first.store, a.id), finalOf(first.store, b.id)]);
    expect(doneA).toEqual({
      ...a,
      status: 'SUCCESS',
      result: { amount: '42' },
      updatedAt: doneA.updatedAt,
      version: 2,
    });
    expect(doneB.result).toEqual({ amount: '42' });
    expect(after.submits).toEqual([]);
    expect(after.polls.map((poll) => [poll.ref, poll.input]).sort()).toEqual([
      ['ref-1', { bill: 'a' }],
      ['ref-2', { bill: 'b' }],
    ]);
    expect(second.events.published).toHaveLength(2);
    expect(await first.store.get('finished-job')).toEqual(finished);
  });

  it('resume() does not start a second loop for a job it already follows', async () => {
    const kind = new ScriptedKind([PENDING]);
    const { engine } = setup([kind], { config: { pollInitialMs: 20, pollMaxMs: 20 } });
    await engine.start(kind, input);
    expect(await engine.resume()).toBe(1);
    await eventually(() => kind.polls.length >= 3);
    for (let i = 1; i < kind.polls.length; i++)
      expect(at(kind.polls, i).at - at(kind.polls, i - 1).at).toBeGreaterThanOrEqual(19);
  });

  it('stop() ends polling', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([PENDING]);
    const { engine, store } = setup([kind]);
    const job = await engine.start(kind, input);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(kind.polls.length).toBeGreaterThanOrEqual(2);

    await engine.stop();
    const polls = kind.polls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(kind.polls).toHaveLength(polls);
    expect((await store.get(job.id))?.status).toBe('PENDING');
  });

  it('stop() waits for a poll in flight, which polls no more', async () => {
    const gate = deferred<void>();
    const step: Step = async () => {
      await gate.promise;
      return PENDING;
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const kind = new ScriptedKind([step]);
    const { engine } = setup([kind]);
    await engine.start(kind, input);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(kind.polls).toHaveLength(1);

    let stopped = false;
    const stopping = engine.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(kind.polls).toHaveLength(1);
  });
});
