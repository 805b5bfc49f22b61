/**
 * OneTimePasswords over a memory store, and stores that misbehave: the key derived from the sealing key,
 * codes of six digits, a malformed id or a digest of another length, and a challenge that other
 * verifications keep changing.
 */
import { describe, expect, it } from 'vitest';
import { MemoryChallengeStore } from '../../src/oneTimePasswords/memoryStore.js';
import { OneTimePasswords, oneTimePasswordKey } from '../../src/oneTimePasswords/service.js';
import type { ChallengeRecord, ChallengeStore } from '../../src/oneTimePasswords/types.js';

const NOW = 1_700_000_000_000;
const clock = { now: () => NOW };
const MOBILE = '09121234567';
const SEALING_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const ID = 'A'.repeat(24);

const service = (store: ChallengeStore, key = oneTimePasswordKey(SEALING_KEY)) =>
  new OneTimePasswords(store, { key, lifetimeMs: 180_000, maxAttempts: 5, clock });

/** A store holding one challenge whose every change another verification makes first; it counts its reads. */
class ContendedStore implements ChallengeStore {
  reads = 0;
  constructor(private readonly record: ChallengeRecord) {}
  create = async () => undefined;
  get = async () => {
    this.reads += 1;
    return this.record;
  };
  consume = async () => false;
  spend = async () => false;
  close = async () => undefined;
}

describe('the one-time password key', () => {
  it('is derived from the sealing key, the same in every process and release', () => {
    expect(oneTimePasswordKey(SEALING_KEY).toString('hex')).toBe(
      '4037815057f46a7f9b8f4092310142c35002fa7041d18d32e3d8626a3a9a30bf',
    );
  });

  it('is a random key of 32 bytes of its own without a sealing key', () => {
    const [one, two] = [oneTimePasswordKey(null), oneTimePasswordKey(null)];
    expect(one).toHaveLength(32);
    expect(two).toHaveLength(32);
    expect(one.equals(two)).toBe(false);
  });
});

describe('OneTimePasswords', () => {
  it('verifies a challenge stored by an earlier release: the digest of the id, mobile and code under the derived key', async () => {
    const store = new MemoryChallengeStore(clock);
    await store.create(ID, {
      digest: '6ccc653624d661d5620f79508478ab1f90598981f2b856d7b60e84552e1da344',
      expiresAt: NOW + 1,
      attemptsLeft: 1,
    });
    expect(await service(store).verify(ID, MOBILE, '012345')).toEqual({ verified: true });
    await store.close();
  });

  it('makes every code six digits, leading zeros kept', async () => {
    const store = new MemoryChallengeStore(clock);
    const otp = service(store);
    // One code in ten is below 100000: two hundred of them show a missing zero all but surely.
    const codes = await Promise.all(Array.from({ length: 200 }, async () => (await otp.issue(MOBILE)).code));
    expect(codes.filter((code) => !/^\d{6}$/.test(code))).toEqual([]);
    await store.close();
  });

  it('refuses a malformed id as NOT_FOUND without reading the store', async () => {
    const store = new ContendedStore({ digest: 'ab'.repeat(32), expiresAt: NOW + 1, attemptsLeft: 5 });
    expect(await service(store).verify('not-an-id', MOBILE, '123456')).toEqual({
      verified: false,
      reason: 'NOT_FOUND',
    });
    expect(store.reads).toBe(0);
  });

  it('takes a stored digest of another length as a wrong code', async () => {
    const store = new MemoryChallengeStore(clock);
    await store.create(ID, { digest: 'abcd', expiresAt: NOW + 1, attemptsLeft: 2 });
    expect(await service(store).verify(ID, MOBILE, '123456')).toEqual({
      verified: false,
      reason: 'WRONG_CODE',
      attemptsLeft: 1,
    });
    await store.close();
  });

  it('gives up after twenty rounds when other verifications keep changing the challenge', async () => {
    const store = new ContendedStore({ digest: 'ab'.repeat(32), expiresAt: NOW + 1, attemptsLeft: 5 });
    expect(await service(store).verify(ID, MOBILE, '123456')).toEqual({
      verified: false,
      reason: 'TOO_MANY_ATTEMPTS',
    });
    expect(store.reads).toBe(20);
  });
});
