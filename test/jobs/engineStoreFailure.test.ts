/**
 * JobEngine when its store fails for a moment (a shared store across replicas can): the job's poll
 * loop must survive and finish the job. Today a failing store call inside a poll rejects the timer's
 * promise, which nobody handles: the loop ends for good and the rejection is unhandled.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JobEngine } from '../../src/jobs/engine.js';
import { MemoryJobStore } from '../../src/jobs/memoryStore.js';
import type { JobRecord, JobStore } from '../../src/jobs/types.js';
import { CountingStore, PENDING, RecordingEvents, ScriptedKind, newEngine, nextWithin, success } from './support.js';
import { eventually } from '../helpers/eventually.js';

/** A memory store whose next `get`s or `replace`s fail while `failGets` / `failReplaces` are above 0. */
class FlakyStore implements JobStore {
  failGets = 0;
  failReplaces = 0;
  readonly inner = new MemoryJobStore(60_000);

  insert(job: JobRecord): Promise<boolean> {
    return this.inner.insert(job);
  }

  async get(id: string): Promise<JobRecord | null> {
    if (this.failGets > 0) {
      this.failGets -= 1;
      throw new Error('store unavailable');
    }
    return this.inner.get(id);
  }

  async replace(job: JobRecord, expectedVersion: number): Promise<boolean> {
    if (this.failReplaces > 0) {
      this.failReplaces -= 1;
      throw new Error('store unavailable');
    }
    return this.inner.replace(job, expectedVersion);
  }

  listPending(): Promise<JobRecord[]> {
    return this.inner.listPending();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

const engines: JobEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
});

describe('a store failure during a poll', () => {
  it('a failed read of the job does not end its polling', async () => {
    const flaky = new FlakyStore();
    const kind = new ScriptedKind([PENDING, success('11')]);
    const { engine } = newEngine([kind], { store: new CountingStore(flaky) });
    engines.push(engine);
    const job = await engine.start(kind, { bill: '1' });
    flaky.failGets = 1;

    await eventually(async () => (await flaky.inner.get(job.id))?.status === 'SUCCESS', { timeoutMs: 500 });
    expect(await flaky.inner.get(job.id)).toMatchObject({ status: 'SUCCESS', result: { amount: '11' }, version: 2 });
  });

  it('a failed write of the final state is tried again', async () => {
    const flaky = new FlakyStore();
    const kind = new ScriptedKind([success('12')]);
    const { engine } = newEngine([kind], { store: new CountingStore(flaky) });
    engines.push(engine);
    flaky.failReplaces = 1;
    const job = await engine.start(kind, { bill: '1' });

    await eventually(async () => (await flaky.inner.get(job.id))?.status === 'SUCCESS', { timeoutMs: 500 });
    expect(await flaky.inner.get(job.id)).toMatchObject({ status: 'SUCCESS', result: { amount: '12' }, version: 2 });
  });
});

/** Events whose next `publish`es fail while `failPublishes` is above 0 (a shared event bus can). */
class FlakyEvents extends RecordingEvents {
  failPublishes = 0;

  override async publish(job: JobRecord): Promise<void> {
    if (this.failPublishes > 0) {
      this.failPublishes -= 1;
      throw new Error('event bus unavailable');
    }
    await super.publish(job);
  }
}

describe('an event bus failure when a job ends', () => {
  it('announces the stored final state on the next turn, once', async () => {
    const events = new FlakyEvents();
    const kind = new ScriptedKind([success('13')]);
    const { engine, store } = newEngine([kind], { events });
    engines.push(engine);
    events.failPublishes = 1;
    const job = await engine.start(kind, { bill: '1' });
    const watch = await engine.watch(job.id);
    expect((await nextWithin(watch)).value).toEqual(job);

    const done = await nextWithin(watch);
    expect(done.value).toMatchObject({ status: 'SUCCESS', result: { amount: '13' }, version: 2 });
    expect(await nextWithin(watch)).toEqual({ value: undefined, done: true });
    expect(events.published).toEqual([await store.get(job.id)]);
    expect(kind.polls).toHaveLength(1);
    expect(store.replaces).toBe(1);
  });
});
