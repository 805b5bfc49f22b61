/** What every ChallengeStore promises, and one-time passwords over it, run against each store by its own file. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OneTimePasswords, type Verification } from '../../src/oneTimePasswords/service.js';
import type { ChallengeRecord, ChallengeStore } from '../../src/oneTimePasswords/types.js';

/** A fake clock the stores and the service read. */
export interface Clock {
  now: number;
}

/** Makes a fresh, empty store reading `clock`; the caller cleans up after the test. */
export type NewChallengeStore = (clock: Clock) => ChallengeStore | Promise<ChallengeStore>;

const LIFETIME_MS = 180_000;
const MAX_ATTEMPTS = 5;
/** The mobile the codes of these tests are texted to. */
const MOBILE = '09121234567';
const record = (clock: Clock, attemptsLeft = MAX_ATTEMPTS): ChallengeRecord => ({
  digest: 'ab'.repeat(32),
  expiresAt: clock.now + LIFETIME_MS,
  attemptsLeft,
});

/** A code other than `code`. */
const wrong = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export function describeChallengeStore(newStore: NewChallengeStore): void {
  async function setUp(options: { maxAttempts?: number } = {}) {
    const clock: Clock = { now: 1_700_000_000_000 };
    const store = await newStore(clock);
    const service = new OneTimePasswords(store, {
      key: randomBytes(32),
      lifetimeMs: LIFETIME_MS,
      maxAttempts: options.maxAttempts ?? MAX_ATTEMPTS,
      clock: { now: () => clock.now },
    });
    return { clock, store, service };
  }

  describe('the ChallengeStore contract', () => {
    it('gives back a created challenge as it was, and null for an unknown id', async () => {
      const { clock, store } = await setUp();
      const stored = record(clock);
      await store.create('a', stored);
      expect(await store.get('a')).toEqual(stored);
      expect(await store.get('b')).toBeNull();
    });

    it('consumes a challenge only with the attempts left as read, once', async () => {
      const { clock, store } = await setUp();
      await store.create('a', record(clock, 3));
      expect(await store.consume('a', 2)).toBe(false);
      expect(await store.get('a')).not.toBeNull();
      expect(await store.consume('a', 3)).toBe(true);
      expect(await store.get('a')).toBeNull();
      expect(await store.consume('a', 3)).toBe(false);
    });

    it('spends one attempt only with the attempts left as read', async () => {
      const { clock, store } = await setUp();
      await store.create('a', record(clock, 3));
      expect(await store.spend('a', 3)).toBe(true);
      expect(await store.spend('a', 3)).toBe(false);
      expect((await store.get('a'))?.attemptsLeft).toBe(2);
      expect(await store.spend('b', 3)).toBe(false);
    });
  });

  describe('one-time passwords over the store', () => {
    it('issues a six-digit code, keeps only its hash, and verifies it once', async () => {
      const { clock, store, service } = await setUp();
      const { challenge, code } = await service.issue(MOBILE);
      expect(code).toMatch(/^\d{6}$/);
      expect(challenge).toEqual({
        id: expect.stringMatching(/^[\w-]{24}$/),
        expiresAt: clock.now + LIFETIME_MS,
        attemptsLeft: 5,
      });
      const stored = await store.get(challenge.id);
      expect(stored?.digest).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored)).not.toContain(code);
      expect(await service.verify(challenge.id, MOBILE, code)).toEqual({ verified: true });
      expect(await service.verify(challenge.id, MOBILE, code)).toEqual({ verified: false, reason: 'NOT_FOUND' });
    });

    it('verifies a code only with the mobile it was texted to: with another, it is a wrong code', async () => {
      const { service } = await setUp();
      const { challenge, code } = await service.issue(MOBILE);
      expect(await service.verify(challenge.id, '09127654321', code)).toEqual({
        verified: false,
        reason: 'WRONG_CODE',
        attemptsLeft: MAX_ATTEMPTS - 1,
      });
      expect(await service.verify(challenge.id, MOBILE, code)).toEqual({ verified: true });
    });

    it('counts each wrong code, then refuses the right one once the attempts are spent', async () => {
      const { service } = await setUp({ maxAttempts: 2 });
      const { challenge, code } = await service.issue(MOBILE);
      expect(await service.verify(challenge.id, MOBILE, wrong(code))).toEqual({
        verified: false,
        reason: 'WRONG_CODE',
        attemptsLeft: 1,
      });
      expect(await service.verify(challenge.id, MOBILE, wrong(code))).toEqual({
        verified: false,
        reason: 'WRONG_CODE',
        attemptsLeft: 0,
      });
      expect(await service.verify(challenge.id, MOBILE, code)).toEqual({
        verified: false,
        reason: 'TOO_MANY_ATTEMPTS',
      });
    });

    it('refuses a code once its lifetime is over, and an unknown or malformed id as NOT_FOUND', async () => {
      const { clock, service } = await setUp();
      const { challenge, code } = await service.issue(MOBILE);
      clock.now += LIFETIME_MS - 1;
      const other = await service.issue(MOBILE);
      clock.now += 1;
      expect(await service.verify(challenge.id, MOBILE, code)).toEqual({ verified: false, reason: 'EXPIRED' });
      expect((await service.verify(other.challenge.id, MOBILE, other.code)).verified).toBe(true);
      expect(await service.verify('A'.repeat(24), MOBILE, code)).toEqual({ verified: false, reason: 'NOT_FOUND' });
      expect(await service.verify('not-an-id', MOBILE, code)).toEqual({ verified: false, reason: 'NOT_FOUND' });
    });

    it('binds a code to its challenge: the code of one does not verify another', async () => {
      const { service } = await setUp();
      const first = await service.issue(MOBILE);
      const second = await service.issue(MOBILE);
      const codeOfFirst = first.code === second.code ? wrong(second.code) : first.code;
      expect((await service.verify(second.challenge.id, MOBILE, codeOfFirst)).verified).toBe(false);
      expect((await service.verify(first.challenge.id, MOBILE, first.code)).verified).toBe(true);
    });

    it('verifies once among concurrent verifications of the right code', async () => {
      const { service } = await setUp();
      const { challenge, code } = await service.issue(MOBILE);
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => service.verify(challenge.id, MOBILE, code)));
      expect(outcomes.filter((outcome) => outcome.verified)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.verified)).toEqual(
        Array.from({ length: 7 }, () => ({ verified: false, reason: 'NOT_FOUND' })),
      );
    });

    it('counts every one of concurrent wrong codes', async () => {
      const { service } = await setUp({ maxAttempts: 5 });
      const { challenge, code } = await service.issue(MOBILE);
      const outcomes: Verification[] = await Promise.all(
        Array.from({ length: 7 }, () => service.verify(challenge.id, MOBILE, wrong(code))),
      );
      const left = outcomes.flatMap((outcome) =>
        !outcome.verified && outcome.reason === 'WRONG_CODE' ? [outcome.attemptsLeft] : [],
      );
      expect(left.sort()).toEqual([0, 1, 2, 3, 4]);
      expect(outcomes.filter((outcome) => !outcome.verified && outcome.reason === 'TOO_MANY_ATTEMPTS')).toHaveLength(2);
      expect(await service.verify(challenge.id, MOBILE, code)).toEqual({
        verified: false,
        reason: 'TOO_MANY_ATTEMPTS',
      });
    });
  });
}
