import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import type { ConsentSealer } from './sealing.js';
import type { ConsentRecord, ConsentStore } from './types.js';
import { answeredByRedis } from '../redis.js';

export interface RedisConsentStoreOptions {
  /** Prefix of every key the store writes: `<prefix>consent:<key>`. */
  readonly keyPrefix: string;
  /** Seals each record before it is written and opens it when read. */
  readonly sealer: ConsentSealer;
  readonly logger: Logger;
}

/** What a caller learns when Redis does not answer in time or is disconnected; the cause stays in the logs. */
const UNAVAILABLE = 'The consent store does not answer; try again shortly.';

const guarded = <T>(work: () => Promise<T>): Promise<T> => answeredByRedis(UNAVAILABLE, work);

/** Redis wants a whole, positive number of milliseconds. */
const px = (ttlMs: number): number => Math.max(1, Math.ceil(ttlMs));

/**
 * Consents in Redis, shared by every process pointed at it and kept across restarts: one string per
 * record, sealed (`ConsentSealer`) with the store key as its associated data, expiring by a Redis TTL.
 * A record that does not open (altered, moved to another key, or sealed with a key no longer
 * configured) reads as absent: the person consents again. The client is the caller's: `close()` leaves it open.
 */
export class RedisConsentStore implements ConsentStore {
  constructor(
    private readonly redis: Redis,
    private readonly options: RedisConsentStoreOptions,
  ) {}

  async create(key: string, record: ConsentRecord, ttlMs: number): Promise<void> {
    await guarded(() => this.redis.set(this.redisKey(key), this.seal(key, record), 'PX', px(ttlMs)));
  }

  async get(key: string): Promise<ConsentRecord | null> {
    const sealed = await guarded(() => this.redis.get(this.redisKey(key)));
    if (sealed === null) return null;
    const opened = this.options.sealer.open(key, sealed);
    if (!opened.ok) {
      // The store key is a digest, never the handle; nothing of the record is logged.
      this.options.logger.warn(
        { consentKind: kindOf(key), reason: opened.reason },
        'a stored consent could not be opened; treated as absent',
      );
      return null;
    }
    try {
      return JSON.parse(opened.text) as ConsentRecord;
    } catch {
      this.options.logger.warn({ consentKind: kindOf(key) }, 'a stored consent is unreadable; treated as absent');
      return null;
    }
  }

  async update(key: string, record: ConsentRecord, ttlMs: number): Promise<boolean> {
    // XX: only a record that still exists is replaced, never one revoked or expired meanwhile.
    const reply = await guarded(() =>
      this.redis.set(this.redisKey(key), this.seal(key, record), 'PX', px(ttlMs), 'XX'),
    );
    return reply === 'OK';
  }

  async delete(key: string): Promise<boolean> {
    return (await guarded(() => this.redis.del(this.redisKey(key)))) === 1;
  }

  async ping(): Promise<void> {
    await guarded(() => this.redis.ping());
  }

  async close(): Promise<void> {}

  private redisKey(key: string): string {
    return `${this.options.keyPrefix}consent:${key}`;
  }

  private seal(key: string, record: ConsentRecord): string {
    return this.options.sealer.seal(key, JSON.stringify(record));
  }
}

/** `pending` or `active`: the part of a store key before its digest. */
function kindOf(key: string): string {
  return key.slice(0, Math.max(0, key.indexOf(':')));
}
