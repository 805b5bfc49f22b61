import type { Redis } from 'ioredis';
import { Script } from './redisScript.js';
import { isFinal, type JobRecord, type JobStore } from './types.js';
import { answeredByRedis } from '../redis.js';
import { systemClock, type Clock } from '../lib/clock.js';

export interface RedisJobStoreOptions {
  /** How long a finished job is kept, at least (a job's `retainUntil` may keep it longer). */
  readonly retentionMs: number;
  /** Prefix of every key the store writes: `<prefix>job:<id>` and the set `<prefix>jobs:pending`. */
  readonly keyPrefix: string;
  readonly clock?: Clock;
}

// KEYS: the record, the pending set. ARGV: the record's JSON, its id, its TTL in ms ('' while pending).
const STORE = `
  if ARGV[3] == '' then
    redis.call('SET', KEYS[1], ARGV[1])
    redis.call('SADD', KEYS[2], ARGV[2])
  else
    redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
    redis.call('SREM', KEYS[2], ARGV[2])
  end
  return 1`;

const INSERT = new Script(`
  if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
  ${STORE}`);

// ARGV[4]: the version the stored record must have.
const REPLACE = new Script(`
  local stored = redis.call('GET', KEYS[1])
  if not stored or cjson.decode(stored).version ~= tonumber(ARGV[4]) then return 0 end
  ${STORE}`);

// KEYS: the pending set, then the records of ARGV's ids. Drops ids whose record is gone.
const FORGET_MISSING = new Script(`
  for i, id in ipairs(ARGV) do
    if redis.call('EXISTS', KEYS[i + 1]) == 0 then redis.call('SREM', KEYS[1], id) end
  end
  return 1`);

const BATCH = 500;

/** What a caller learns when Redis does not answer in time or is disconnected; the cause stays in the logs. */
const UNAVAILABLE = 'The job store does not answer; try again shortly.';

const guarded = <T>(work: () => Promise<T>): Promise<T> => answeredByRedis(UNAVAILABLE, work);

/**
 * Jobs in Redis, shared by every process pointed at it: records are JSON strings, a pending job has no
 * expiry, a finished one expires after the retention. The client is the caller's: `close()` leaves it open.
 */
export class RedisJobStore implements JobStore {
  private readonly prefix: string;
  private readonly pendingKey: string;
  private readonly clock: Clock;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisJobStoreOptions,
  ) {
    this.prefix = options.keyPrefix;
    this.pendingKey = `${this.prefix}jobs:pending`;
    this.clock = options.clock ?? systemClock;
  }

  async insert(job: JobRecord): Promise<boolean> {
    return (await guarded(() => INSERT.run(this.redis, [this.keyOf(job.id), this.pendingKey], this.argsOf(job)))) === 1;
  }

  async get(id: string): Promise<JobRecord | null> {
    const json = await guarded(() => this.redis.get(this.keyOf(id)));
    return json === null ? null : (JSON.parse(json) as JobRecord);
  }

  async replace(job: JobRecord, expectedVersion: number): Promise<boolean> {
    const args = [...this.argsOf(job), String(expectedVersion)];
    return (await guarded(() => REPLACE.run(this.redis, [this.keyOf(job.id), this.pendingKey], args))) === 1;
  }

  async ping(): Promise<void> {
    await guarded(() => this.redis.ping());
  }

  listPending(): Promise<JobRecord[]> {
    return guarded(() => this.readPending());
  }

  private async readPending(): Promise<JobRecord[]> {
    const ids = await this.redis.smembers(this.pendingKey);
    const pending: JobRecord[] = [];
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH);
      const keys = batch.map((id) => this.keyOf(id));
      const records = await this.redis.mget(keys);
      const missing = batch.filter((_, i) => records[i] === null);
      if (missing.length > 0)
        await FORGET_MISSING.run(this.redis, [this.pendingKey, ...missing.map((id) => this.keyOf(id))], missing);
      for (const json of records) {
        const job = json === null ? null : (JSON.parse(json) as JobRecord);
        if (job && !isFinal(job.status)) pending.push(job);
      }
    }
    return pending;
  }

  async close(): Promise<void> {}

  private keyOf(id: string): string {
    return `${this.prefix}job:${id}`;
  }

  private argsOf(job: JobRecord): string[] {
    return [JSON.stringify(job), job.id, isFinal(job.status) ? String(this.ttlOf(job)) : ''];
  }

  /** Milliseconds a finished job is kept from now: the retention, or until `retainUntil` if later. */
  private ttlOf(job: JobRecord): number {
    return Math.ceil(Math.max(this.options.retentionMs, (job.retainUntil ?? 0) - this.clock.now()));
  }
}
