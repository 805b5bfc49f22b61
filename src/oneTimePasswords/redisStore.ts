import type { Redis } from 'ioredis';
import type { ChallengeRecord, ChallengeStore } from './types.js';
import { answeredByRedis } from '../redis.js';
import { systemClock, type Clock } from '../lib/clock.js';

// KEYS: the challenge's hash. ARGV: the attempts left as read. Deletes it only if they are unchanged.
const CONSUME = `
  if redis.call('HGET', KEYS[1], 'attemptsLeft') ~= ARGV[1] then return 0 end
  redis.call('DEL', KEYS[1])
  return 1`;

// KEYS: the challenge's hash. ARGV: the attempts left as read. Counts one wrong code only if they are unchanged.
const SPEND = `
  if redis.call('HGET', KEYS[1], 'attemptsLeft') ~= ARGV[1] then return 0 end
  redis.call('HINCRBY', KEYS[1], 'attemptsLeft', -1)
  return 1`;

/** What a caller learns when Redis does not answer in time or is disconnected. */
const UNAVAILABLE = 'The one-time password store does not answer; try again shortly.';

const guarded = <T>(work: () => Promise<T>): Promise<T> => answeredByRedis(UNAVAILABLE, work);

/**
 * Challenges in Redis, shared by every replica: a hash `<prefix>otp:<id>` with the digest, the expiry and
 * the attempts left, kept a lifetime past its expiry (so an expired code is told apart from an unknown one),
 * and changed only by scripts conditional on the attempts left as read. The client is the caller's.
 */
export class RedisChallengeStore implements ChallengeStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly clock: Clock = systemClock,
  ) {}

  async create(id: string, record: ChallengeRecord): Promise<void> {
    const key = this.keyOf(id);
    const keepMs = Math.max(1, 2 * (record.expiresAt - this.clock.now()));
    await guarded(() =>
      this.redis
        .multi()
        .hset(key, {
          digest: record.digest,
          expiresAt: String(record.expiresAt),
          attemptsLeft: String(record.attemptsLeft),
        })
        .pexpire(key, keepMs)
        .exec()
        .then((answers) => {
          // A transaction reports each command's error in its answers instead of rejecting.
          const failed = answers?.find(([error]) => error !== null)?.[0];
          if (!answers || failed) throw failed ?? new Error('the challenge was not stored');
        }),
    );
  }

  async get(id: string): Promise<ChallengeRecord | null> {
    const fields = await guarded(() => this.redis.hgetall(this.keyOf(id)));
    const { digest, expiresAt, attemptsLeft } = fields;
    if (digest === undefined || expiresAt === undefined || attemptsLeft === undefined) return null;
    return { digest, expiresAt: Number(expiresAt), attemptsLeft: Number(attemptsLeft) };
  }

  async consume(id: string, attemptsLeft: number): Promise<boolean> {
    return (await guarded(() => this.redis.eval(CONSUME, 1, this.keyOf(id), String(attemptsLeft)))) === 1;
  }

  async spend(id: string, attemptsLeft: number): Promise<boolean> {
    return (await guarded(() => this.redis.eval(SPEND, 1, this.keyOf(id), String(attemptsLeft)))) === 1;
  }

  async close(): Promise<void> {}

  private keyOf(id: string): string {
    return `${this.keyPrefix}otp:${id}`;
  }
}
