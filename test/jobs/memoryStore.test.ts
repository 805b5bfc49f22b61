/** MemoryJobStore: the JobStore contract, and expiry timers that close() cancels. */
import { afterEach, expect, it } from 'vitest';
import { MemoryJobStore } from '../../src/jobs/memoryStore.js';
import { describeJobStore, pending, succeeded } from './storeContract.js';
import { sleep } from './support.js';

const stores: MemoryJobStore[] = [];

function newStore(retentionMs: number): MemoryJobStore {
  const store = new MemoryJobStore(retentionMs);
  stores.push(store);
  return store;
}

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

describeJobStore(newStore);

it('close() cancels pending expiries', async () => {
  const store = newStore(30);
  await store.insert(pending('a'));
  await store.replace(succeeded(pending('a')), 1);
  await store.close();
  await sleep(60);
  expect((await store.get('a'))?.status).toBe('SUCCESS');
});
