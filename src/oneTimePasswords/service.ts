import { createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { ChallengeStore } from './types.js';
import { systemClock, type Clock } from '../lib/clock.js';

/** A challenge as its caller sees it. */
export interface Challenge {
  /** Opaque and random: 144 bits in base64url. */
  readonly id: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
  readonly attemptsLeft: number;
}

/** Why a code was not accepted; a used challenge and an unknown one are the same, so ids cannot be probed. */
export type Verification =
  | { readonly verified: true }
  | { readonly verified: false; readonly reason: 'WRONG_CODE'; readonly attemptsLeft: number }
  | { readonly verified: false; readonly reason: 'EXPIRED' | 'TOO_MANY_ATTEMPTS' | 'NOT_FOUND' };

export interface OneTimePasswordOptions {
  /** The key the codes are hashed with (at least 32 bytes). */
  readonly key: Buffer;
  readonly lifetimeMs: number;
  readonly maxAttempts: number;
  readonly clock?: Clock;
}

/** Digits of a code. */
export const CODE_LENGTH = 6;
const ID = /^[A-Za-z0-9_-]{24}$/;
/** Concurrent wrong codes on one challenge each count; past this many rounds, a verification gives up. */
const MAX_ROUNDS = 20;

/**
 * The HMAC key of one-time passwords: derived (HKDF) from the consents' sealing key, which every replica
 * shares, or this process's own random key where none is configured (the challenges are then in memory).
 */
export function oneTimePasswordKey(sealingKeyHex: string | null): Buffer {
  if (sealingKeyHex === null) return randomBytes(32);
  return Buffer.from(hkdfSync('sha256', Buffer.from(sealingKeyHex, 'hex'), Buffer.alloc(0), 'one-time-password', 32));
}

/**
 * One-time passwords the subgraph makes and checks itself (the upstream only texts them): a random
 * six-digit code per challenge, kept only as HMAC-SHA256(challenge id, mobile, code), for a lifetime and a number
 * of wrong codes; compared in constant time, and good for one verification.
 */
export class OneTimePasswords {
  private readonly clock: Clock;

  constructor(
    private readonly store: ChallengeStore,
    private readonly options: OneTimePasswordOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  /** A new challenge and its code: the code is to be sent, never kept. */
  async issue(mobile: string): Promise<{ readonly challenge: Challenge; readonly code: string }> {
    const id = randomBytes(18).toString('base64url');
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    const challenge = {
      id,
      expiresAt: this.clock.now() + this.options.lifetimeMs,
      attemptsLeft: this.options.maxAttempts,
    };
    await this.store.create(id, {
      digest: this.digest(id, mobile, code),
      expiresAt: challenge.expiresAt,
      attemptsLeft: challenge.attemptsLeft,
    });
    return { challenge, code };
  }

  /**
   * Checks `code` against the challenge `id` for the mobile it was texted to: verified once at most, and
   * every wrong code (or a right code with another mobile) counted.
   */
  async verify(id: string, mobile: string, code: string): Promise<Verification> {
    if (!ID.test(id)) return { verified: false, reason: 'NOT_FOUND' };
    const given = Buffer.from(this.digest(id, mobile, code), 'hex');
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const record = await this.store.get(id);
      if (!record) return { verified: false, reason: 'NOT_FOUND' };
      if (this.clock.now() >= record.expiresAt) return { verified: false, reason: 'EXPIRED' };
      if (record.attemptsLeft <= 0) return { verified: false, reason: 'TOO_MANY_ATTEMPTS' };
      const stored = Buffer.from(record.digest, 'hex');
      const matches = stored.length === given.length && timingSafeEqual(stored, given);
      if (matches) {
        if (await this.store.consume(id, record.attemptsLeft)) return { verified: true };
      } else if (await this.store.spend(id, record.attemptsLeft)) {
        return { verified: false, reason: 'WRONG_CODE', attemptsLeft: record.attemptsLeft - 1 };
      }
      // Another verification changed the challenge between the read and the change: read it again. Each
      // such change used the challenge or spent one of its attempts, so this ends within a few rounds.
    }
    return { verified: false, reason: 'TOO_MANY_ATTEMPTS' };
  }

  /** Bound to the mobile: a code texted to one number never verifies another. */
  private digest(id: string, mobile: string, code: string): string {
    return createHmac('sha256', this.options.key).update(`${id}\n${mobile}\n${code}`).digest('hex');
  }
}
