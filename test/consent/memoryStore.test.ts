/** MemoryConsentStore: the ConsentStore contract. */
import { afterEach } from 'vitest';
import { MemoryConsentStore } from '../../src/consent/memoryStore.js';
import { describeConsentStore } from './storeContract.js';

const stores: MemoryConsentStore[] = [];

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

describeConsentStore(() => {
  const store = new MemoryConsentStore();
  stores.push(store);
  return store;
});
