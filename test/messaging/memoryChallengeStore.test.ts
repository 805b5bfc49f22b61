/** MemoryChallengeStore: the ChallengeStore contract. */
import { MemoryChallengeStore } from '../../src/oneTimePasswords/memoryStore.js';
import { describeChallengeStore } from './challengeStoreContract.js';

describeChallengeStore((clock) => new MemoryChallengeStore({ now: () => clock.now }));
