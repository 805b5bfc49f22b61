/** MemoryJobStore: the JobStore contract, and expiry timers that close() cancels. */
import { afterEach, expect, it, vi } from 'vitest';
import { MemoryJobStore } from '../../src/jobs/memoryStore.js';
import { describeJobStore, pending, succeeded } from './storeContract.js';

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
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const store = newStore(30);
    await store.insert(pending('a'));
    await store.replace(succeeded(pending('a')), 1);
    await store.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await store.get('a'))?.status).toBe('SUCCESS');
  } finally {
    vi.useRealTimers();
  }
});
