/**
 * Two job engines sharing one Redis (store, events and poll leases), as two replicas would: a job is
 * followed from either, polled by one at a time, and taken over when its poller dies or stops.
 */
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { JobEngine } from '../../src/jobs/engine.js';
import { RedisJobEvents } from '../../src/jobs/redisEvents.js';
import { RedisJobLeases } from '../../src/jobs/redisLeases.js';
import { RedisJobStore } from '../../src/jobs/redisStore.js';
import type { JobLeases, JobRecord, PollOutcome } from '../../src/jobs/types.js';
import { eventually } from '../helpers/eventually.js';
import { deleteKeys, randomPrefix, testRedis } from '../helpers/redis.js';
import {
  FAST,
  PENDING,
  ScriptedKind,
  deferred,
  fakeUpstream,
  nextWithin,
  silentLogger,
  success,
  type FakeInput,
  type FakeResult,
  type Step,
} from './support.js';

/**
 * A replica's leases, counting the times it was refused one. Those of a replica that dies never give a lease
 * up: they only stop renewing.
 */
class ObservedLeases implements JobLeases {
  refusals = 0;

  constructor(
    private readonly inner: RedisJobLeases,
    private readonly dying: boolean,
  ) {}

  get checkEveryMs(): number {
    return this.inner.checkEveryMs;
  }

  async acquire(id: string): Promise<boolean> {
    const granted = await this.inner.acquire(id);
    if (!granted) this.refusals += 1;
    return granted;
  }

  async release(id: string): Promise<void> {
    if (!this.dying) await this.inner.release(id);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

interface Replica {
  readonly engine: JobEngine;
  readonly store: RedisJobStore;
  readonly events: RedisJobEvents;
  readonly leases: ObservedLeases;
  readonly kind: ScriptedKind;
  /** Stops the engine and closes what it holds, as the process's shutdown does. */
  stop(): Promise<void>;
}

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A Redis key prefix for one test, its keys deleted afterwards. */
function sharedPrefix(): string {
  const prefix = randomPrefix();
  cleanups.push(async () => {
    const redis = testRedis();
    await deleteKeys(redis, prefix);
    await redis.quit();
  });
  return prefix;
}

/** Answers PENDING to the first two polls of each job, then SUCCESS. */
class ThirdPollSucceeds extends ScriptedKind {
  constructor() {
    super([PENDING]);
  }

  override async poll(
    upstream: Parameters<ScriptedKind['poll']>[0],
    ref: string,
    input: FakeInput,
  ): Promise<PollOutcome<FakeResult>> {
    await super.poll(upstream, ref, input);
    return this.pollsOf(ref) >= 3 ? success('9') : PENDING;
  }
}

function replica(
  prefix: string,
  script: readonly Step[] | ScriptedKind,
  options: { leaseMs: number; dying?: boolean },
): Replica {
  const redis: Redis = testRedis();
  const store = new RedisJobStore(redis, { retentionMs: 60_000, keyPrefix: prefix });
  const events = new RedisJobEvents(redis, { keyPrefix: prefix, logger: silentLogger, latest: (id) => store.get(id) });
  const redisLeases = new RedisJobLeases(redis, { keyPrefix: prefix, leaseMs: options.leaseMs, logger: silentLogger });
  const leases = new ObservedLeases(redisLeases, options.dying ?? false);
  const kind = script instanceof ScriptedKind ? script : new ScriptedKind(script);
  const engine = new JobEngine({
    store,
    events,
    leases,
    kinds: [kind],
    upstream: fakeUpstream,
    config: { ...FAST, leaseMs: options.leaseMs },
    logger: silentLogger,
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await engine.stop();
    await Promise.all([events.close(), leases.close(), store.close()]);
    await redis.quit();
  };
  cleanups.push(stop);
  return { engine, store, events, leases, kind, stop };
}

async function collect(iterator: AsyncIterableIterator<JobRecord>): Promise<JobRecord[]> {
  const seen: JobRecord[] = [];
  for (;;) {
    const next = await nextWithin(iterator, 5_000);
    if (next.done) return seen;
    seen.push(next.value);
  }
}

/** A first poll that answers PENDING once `gate` opens; then SUCCESS. */
function gated(): { steps: Step[]; open(): void } {
  const gate = deferred<void>();
  const first: Step = async () => {
    await gate.promise;
    return PENDING;
  };
  return { steps: [first, success('5')], open: () => gate.resolve() };
}

const input = { bill: '12345' };
/** Long enough that no lease runs out by accident while both replicas live. */
const STEADY_LEASE_MS = 2_000;
/** Short enough to see a dead replica replaced within a test. */
const SHORT_LEASE_MS = 200;

describe('two replicas sharing Redis', () => {
  it('a job started on one is followed to its final state by a watcher on the other', async () => {
    const prefix = sharedPrefix();
    const { steps, open } = gated();
    const a = replica(prefix, steps, { leaseMs: STEADY_LEASE_MS });
    // Looks for jobs to take over every 100 ms.
    const b = replica(prefix, steps, { leaseMs: SHORT_LEASE_MS });
    await b.engine.resume();

    const job = await a.engine.start(a.kind, input);
    const watch = await b.engine.watch(job.id);
    await eventually(() => b.leases.refusals >= 2, { what: 'the other replica to be refused the job twice' });
    open();
    const seen = await collect(watch);

    expect(seen.map((record) => [record.status, record.version])).toEqual([
      ['PENDING', 1],
      ['SUCCESS', 2],
    ]);
    expect(seen[0]).toEqual(job);
    expect(seen[1]?.result).toEqual({ amount: '5' });
    expect(a.kind.polls).toHaveLength(2);
    expect(b.kind.polls).toHaveLength(0);
    expect(b.events.watchedJobs).toBe(0);
  });

  it('after both restart, every pending job is polled to its end by exactly one of them', async () => {
    const prefix = sharedPrefix();
    const before = replica(prefix, new ThirdPollSucceeds(), { leaseMs: STEADY_LEASE_MS });
    const refs = Array.from({ length: 6 }, (_, i) => `ref-${i}`);
    for (const [i, ref] of refs.entries()) await before.store.insert(pendingJob(`job-${i}`, ref));
    await before.stop();

    const a = replica(prefix, new ThirdPollSucceeds(), { leaseMs: STEADY_LEASE_MS });
    const b = replica(prefix, new ThirdPollSucceeds(), { leaseMs: STEADY_LEASE_MS });
    expect(await Promise.all([a.engine.resume(), b.engine.resume()])).toEqual([6, 6]);

    await eventually(async () => (await a.store.listPending()).length === 0, { what: 'every job to finish' });
    for (const ref of refs) {
      const polls = [a.kind.pollsOf(ref), b.kind.pollsOf(ref)];
      expect(polls.filter((count) => count > 0)).toEqual([3]);
    }
    for (let i = 0; i < 6; i++) expect((await a.store.get(`job-${i}`))?.version).toBe(2);
  });

  it('1,000 watchers on the other replica cause the same polls as one, through one subscription', async () => {
    async function run(watchers: number): Promise<{ polls: number; seen: JobRecord[][] }> {
      const prefix = sharedPrefix();
      const { steps, open } = gated();
      const a = replica(prefix, steps, { leaseMs: STEADY_LEASE_MS });
      const b = replica(prefix, steps, { leaseMs: SHORT_LEASE_MS });
      await b.engine.resume();
      const job = await a.engine.start(a.kind, input);
      await eventually(() => b.leases.refusals >= 2, { what: 'the other replica to be refused the job twice' });
      const watches = await Promise.all(Array.from({ length: watchers }, () => b.engine.watch(job.id)));
      expect(b.events.watchedJobs).toBe(1);
      const probe = testRedis();
      const [, subscribers] = (await probe.call('PUBSUB', 'NUMSUB', `${prefix}job-events:${job.id}`)) as [
        string,
        number,
      ];
      await probe.quit();
      expect(subscribers).toBe(1);
      open();
      const seen = await Promise.all(watches.map(collect));
      return { polls: a.kind.polls.length + b.kind.polls.length, seen };
    }

    const single = await run(1);
    const thousand = await run(1_000);

    expect(single.polls).toBe(2);
    expect(thousand.polls).toBe(2);
    expect(thousand.seen).toHaveLength(1_000);
    for (const seen of thousand.seen)
      expect(seen.map((record) => [record.status, record.version])).toEqual([
        ['PENDING', 1],
        ['SUCCESS', 2],
      ]);
  });

  it('when the polling replica dies mid-job, the other takes the job over once its lease ran out', async () => {
    const prefix = sharedPrefix();
    const a = replica(prefix, [PENDING], { leaseMs: SHORT_LEASE_MS, dying: true });
    const b = replica(prefix, [success('7')], { leaseMs: SHORT_LEASE_MS });
    await b.engine.resume();
    const job = await a.engine.start(a.kind, input);
    await eventually(() => a.kind.polls.length >= 3 && b.leases.refusals >= 2, {
      what: 'a few polls by the first replica, and refusals to the other',
    });
    expect(b.kind.polls).toHaveLength(0);

    // Dies: polls no more, renews nothing, releases nothing.
    await a.stop();
    const lastPollOfA = a.kind.polls.at(-1)?.at ?? 0;
    const watch = await b.engine.watch(job.id);

    await eventually(async () => (await b.store.get(job.id))?.status === 'SUCCESS', {
      what: 'the other replica to finish the job',
      timeoutMs: 10 * SHORT_LEASE_MS,
    });
    const seen = await collect(watch);
    expect(seen.map((record) => [record.status, record.version])).toEqual([
      ['PENDING', 1],
      ['SUCCESS', 2],
    ]);
    expect(b.kind.polls).toHaveLength(1);
    expect(b.kind.polls[0]?.at).toBeGreaterThanOrEqual(lastPollOfA);
  });

  it('a replica that stops gives its leases up at once: the other takes its jobs over', async () => {
    const prefix = sharedPrefix();
    const a = replica(prefix, [PENDING], { leaseMs: STEADY_LEASE_MS });
    const b = replica(prefix, [success('8')], { leaseMs: SHORT_LEASE_MS });
    await b.engine.resume();
    const job = await a.engine.start(a.kind, input);
    await eventually(() => a.kind.polls.length >= 1, { what: 'a poll by the first replica' });

    await a.stop();
    const probe = testRedis();
    const held = await probe.exists(`${prefix}job-lease:${job.id}`);
    await probe.quit();
    expect(held).toBe(0);

    await eventually(async () => (await b.store.get(job.id))?.status === 'SUCCESS', {
      what: 'the other replica to finish the job',
    });
    expect(b.kind.polls).toHaveLength(1);
  });
});

function pendingJob(id: string, ref: string): JobRecord {
  return {
    id,
    kind: 'fake',
    status: 'PENDING',
    input,
    ref,
    result: null,
    failure: null,
    createdAt: Date.now(),
    updatedAt: Date.now(),
    version: 1,
  };
}
