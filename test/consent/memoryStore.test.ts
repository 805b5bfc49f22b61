/** MemoryConsentStore: the ConsentStore contract, and the sweep of expired records. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryConsentStore } from '../../src/consent/memoryStore.js';
import { activeRecord, describeConsentStore } from './storeContract.js';

const stores: MemoryConsentStore[] = [];

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

describeConsentStore(() => {
  const store = new MemoryConsentStore();
  stores.push(store);
  return store;
});

describe('the sweep', () => {
  afterEach(() => vi.useRealTimers());

  it('forgets expired records every period, unread, and keeps the others', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let now = 0;
    const store = new MemoryConsentStore({ now: () => now }, 1_000);
    stores.push(store);
    await store.create('active:a', activeRecord(), 100);
    await store.create('active:b', activeRecord(), 101);
    await store.create('active:c', activeRecord(), 5_000);
    now = 101;
    await vi.advanceTimersByTimeAsync(999);
    expect(store.size).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.size).toBe(1);
    expect(await store.get('active:c')).toEqual(activeRecord());
  });

  it('stops sweeping and forgets every record on close()', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const store = new MemoryConsentStore();
    await store.create('active:a', activeRecord(), 60_000);
    expect(vi.getTimerCount()).toBe(1);
    await store.close();
    expect(vi.getTimerCount()).toBe(0);
    expect(store.size).toBe(0);
  });
});
