/** MemoryJobStore: optimistic versions and the retention of finished jobs. */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryJobStore } from '../../src/jobs/memoryStore.js';
import type { JobRecord } from '../../src/jobs/types.js';
import { sleep, waitFor } from './support.js';

const stores: MemoryJobStore[] = [];

function newStore(retentionMs: number): MemoryJobStore {
  const store = new MemoryJobStore(retentionMs);
  stores.push(store);
  return store;
}

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

const pending = (id: string): JobRecord => ({
  id,
  kind: 'fake',
  status: 'PENDING',
  input: { bill: '1' },
  ref: `ref-${id}`,
  result: null,
  failure: null,
  createdAt: 1_000,
  updatedAt: 1_000,
  version: 1,
});

const succeeded = (job: JobRecord, version = job.version + 1): JobRecord => ({ ...job, status: 'SUCCESS', result: { amount: '5' }, updatedAt: 2_000, version });

describe('versions', () => {
  it('replaces a job when the stored version is the expected one', async () => {
    const store = newStore(60_000);
    const job = pending('a');
    await store.insert(job);

    const next = succeeded(job);
    expect(await store.replace(next, 1)).toBe(true);
    expect(await store.get('a')).toEqual(next);
  });

  it('a replace with a stale version returns false and keeps the stored job', async () => {
    const store = newStore(60_000);
    const job = pending('a');
    await store.insert(job);
    const v2: JobRecord = { ...job, updatedAt: 1_500, version: 2 };
    expect(await store.replace(v2, 1)).toBe(true);

    expect(await store.replace(succeeded(job, 2), 1)).toBe(false);
    expect(await store.get('a')).toEqual(v2);
    expect(await store.replace(succeeded(job, 3), 3)).toBe(false);
    expect(await store.get('a')).toEqual(v2);
  });

  it('a replace of an unknown job returns false and stores nothing', async () => {
    const store = newStore(60_000);
    expect(await store.replace(pending('ghost'), 0)).toBe(false);
    expect(await store.get('ghost')).toBeNull();
  });

  it('refuses to insert a job id twice, keeping the first', async () => {
    const store = newStore(60_000);
    const first = pending('a');
    expect(await store.insert(first)).toBe(true);
    expect(await store.insert({ ...pending('a'), ref: 'another' })).toBe(false);
    expect(await store.get('a')).toEqual(first);
  });

  it('lists only PENDING jobs', async () => {
    const store = newStore(60_000);
    await store.insert(pending('a'));
    await store.insert(pending('b'));
    await store.replace(succeeded(pending('b')), 1);
    expect(await store.listPending()).toEqual([pending('a')]);
  });
});

describe('retention', () => {
  it('forgets a finished job retentionMs after it finished, and keeps PENDING ones', async () => {
    const store = newStore(40);
    await store.insert(pending('done'));
    await store.insert(pending('waiting'));
    const finishedAt = Date.now();
    await store.replace(succeeded(pending('done')), 1);
    await store.replace({ ...pending('waiting'), version: 2 }, 1);

    expect((await store.get('done'))?.status).toBe('SUCCESS');
    await waitFor(async () => (await store.get('done')) === null, 1_000);
    expect(Date.now() - finishedAt).toBeGreaterThanOrEqual(39);
    expect(await store.get('waiting')).toEqual({ ...pending('waiting'), version: 2 });
  });

  it('keeps a finished job until its retainUntil when that is later than the retention', async () => {
    const store = newStore(20);
    const kept = { ...pending('kept'), retainUntil: Date.now() + 150 };
    await store.insert(kept);
    await store.insert(pending('plain'));
    await store.replace(succeeded(kept), 1);
    await store.replace(succeeded(pending('plain')), 1);
    await sleep(80);
    expect(await store.get('plain')).toBeNull();
    expect((await store.get('kept'))?.status).toBe('SUCCESS');
    await waitFor(async () => (await store.get('kept')) === null, 1_000);
    await store.close();
  });

  it('close() cancels pending expiries', async () => {
    const store = newStore(30);
    await store.insert(pending('a'));
    await store.replace(succeeded(pending('a')), 1);
    await store.close();
    await sleep(60);
    expect((await store.get('a'))?.status).toBe('SUCCESS');
  });
});
