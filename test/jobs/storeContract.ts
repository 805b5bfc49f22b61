/** What every JobStore promises, run against each store by its own test file. */
import { describe, expect, it } from 'vitest';
import type { JobRecord, JobStore } from '../../src/jobs/types.js';
import { sleep } from './support.js';
import { eventually } from '../helpers/eventually.js';

/** Makes a fresh, empty store keeping finished jobs `retentionMs`; the caller closes it after the test. */
export type NewStore = (retentionMs: number) => JobStore | Promise<JobStore>;

export const pending = (id: string): JobRecord => ({
  id,
  kind: 'fake',
  status: 'PENDING',
  input: { bill: '1', nested: { amounts: ['12000', '0'], note: 'قبض' } },
  ref: `ref-${id}`,
  result: null,
  failure: null,
  createdAt: 1_000,
  updatedAt: 1_000,
  version: 1,
});

export const succeeded = (job: JobRecord, version = job.version + 1): JobRecord => ({
  ...job,
  status: 'SUCCESS',
  result: { amount: '5' },
  updatedAt: 2_000,
  version,
});

export function describeJobStore(newStore: NewStore): void {
  describe('the JobStore contract', () => {
    it('gives back an inserted job as it was, and null for an unknown id', async () => {
      const store = await newStore(60_000);
      const job = { ...pending('a'), retainUntil: 9_999 };
      expect(await store.insert(job)).toBe(true);
      expect(await store.get('a')).toEqual(job);
      expect(await store.get('b')).toBeNull();
    });

    it('refuses to insert a job id twice, keeping the first', async () => {
      const store = await newStore(60_000);
      const first = pending('a');
      expect(await store.insert(first)).toBe(true);
      expect(await store.insert({ ...pending('a'), ref: 'another' })).toBe(false);
      expect(await store.get('a')).toEqual(first);
    });

    it('lets exactly one of many concurrent inserts of one id succeed, and keeps that one', async () => {
      const store = await newStore(60_000);
      const claims = Array.from({ length: 20 }, (_, i) => ({ ...pending('a'), ref: `claim-${i}` }));
      const won = await Promise.all(claims.map((job) => store.insert(job)));
      expect(won.filter(Boolean)).toHaveLength(1);
      expect(await store.get('a')).toEqual(claims[won.indexOf(true)]);
    });

    it('replaces a job when the stored version is the expected one', async () => {
      const store = await newStore(60_000);
      const job = pending('a');
      await store.insert(job);
      const next = succeeded(job);
      expect(await store.replace(next, 1)).toBe(true);
      expect(await store.get('a')).toEqual(next);
    });

    it('a replace with a stale version returns false and keeps the stored job', async () => {
      const store = await newStore(60_000);
      const job = pending('a');
      await store.insert(job);
      const v2: JobRecord = { ...job, updatedAt: 1_500, version: 2 };
      expect(await store.replace(v2, 1)).toBe(true);

      expect(await store.replace(succeeded(job, 2), 1)).toBe(false);
      expect(await store.get('a')).toEqual(v2);
      expect(await store.replace(succeeded(job, 3), 3)).toBe(false);
      expect(await store.get('a')).toEqual(v2);
    });

    it('lets exactly one of many concurrent replaces of one version succeed', async () => {
      const store = await newStore(60_000);
      await store.insert(pending('a'));
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => store.replace({ ...succeeded(pending('a')), ref: `r-${i}` }, 1)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await store.get('a'))?.ref).toBe(`r-${results.indexOf(true)}`);
    });

    it('a replace of an unknown job returns false and stores nothing', async () => {
      const store = await newStore(60_000);
      expect(await store.replace(pending('ghost'), 0)).toBe(false);
      expect(await store.get('ghost')).toBeNull();
    });

    it('lists only PENDING jobs, also after one finished', async () => {
      const store = await newStore(60_000);
      await store.insert(pending('a'));
      await store.insert(pending('b'));
      await store.insert(pending('c'));
      await store.replace({ ...pending('c'), version: 2 }, 1);
      expect(await store.replace(succeeded(pending('b')), 1)).toBe(true);
      const listed = await store.listPending();
      expect(listed.sort((x, y) => x.id.localeCompare(y.id))).toEqual([pending('a'), { ...pending('c'), version: 2 }]);
    });

    it('forgets a finished job retentionMs after it finished, and keeps PENDING ones', async () => {
      const store = await newStore(40);
      await store.insert({ ...pending('done'), retainUntil: Date.now() - 1_000 });
      await store.insert({ ...pending('waiting'), retainUntil: Date.now() - 1_000 });
      const finishedAt = Date.now();
      await store.replace(succeeded({ ...pending('done'), retainUntil: finishedAt - 1_000 }), 1);
      await store.replace({ ...pending('waiting'), version: 2 }, 1);

      expect((await store.get('done'))?.status).toBe('SUCCESS');
      await eventually(async () => (await store.get('done')) === null, { timeoutMs: 1_000 });
      expect(Date.now() - finishedAt).toBeGreaterThanOrEqual(39);
      await sleep(40);
      expect((await store.get('waiting'))?.version).toBe(2);
    });

    it('keeps a finished job until its retainUntil when that is later than the retention', async () => {
      const store = await newStore(20);
      // Far enough ahead that a busy machine cannot reach it before 'plain' is gone.
      const kept = { ...pending('kept'), retainUntil: Date.now() + 1_500 };
      await store.insert(kept);
      await store.insert(pending('plain'));
      await store.replace(succeeded(kept), 1);
      await store.replace(succeeded(pending('plain')), 1);
      await eventually(async () => (await store.get('plain')) === null, { what: "'plain' to be forgotten" });
      expect((await store.get('kept'))?.status).toBe('SUCCESS');
      await eventually(async () => (await store.get('kept')) === null, { timeoutMs: 5_000 });
    });
  });
}
