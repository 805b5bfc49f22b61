import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { Script } from './redisScript.js';
import type { JobLeases } from './types.js';

export interface RedisJobLeasesOptions {
  /** Prefix of every key: a job's lease is `<prefix>job-lease:<id>`, holding its holder's name. */
  readonly keyPrefix: string;
  /** How long a lease lasts unless renewed; its holder renews it every third of that. */
  readonly leaseMs: number;
  readonly logger: Logger;
  /** This process's name in the leases it holds; a random one by default. */
  readonly owner?: string;
}

// KEYS: the lease. ARGV: the owner, the lease in ms. 1 when the owner holds it (now, or still: renewed).
const ACQUIRE = new Script(`
  local holder = redis.call('GET', KEYS[1])
  if holder == ARGV[1] then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return 1
  end
  if holder then return 0 end
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1`);

// KEYS: leases. ARGV: the owner, the lease in ms. For each lease, 1 when renewed, 0 when another holds it.
const RENEW = new Script(`
  local kept = {}
  for i, key in ipairs(KEYS) do
    if redis.call('GET', key) == ARGV[1] then
      redis.call('PEXPIRE', key, ARGV[2])
      kept[i] = 1
    else
      kept[i] = 0
    end
  end
  return kept`);

// KEYS: the lease. ARGV: the owner. Deleted only while the owner still holds it.
const RELEASE = new Script(`
  if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
  return 0`);

const BATCH = 500;

/**
 * Poll leases in Redis, shared by every process pointed at it: a lease is a key set only if absent, with
 * the holder's name and an expiry, so that at most one process polls a job, and a dead holder's lease runs
 * out. The holder renews the leases it holds every third of the lease, in one script per batch; a lease
 * that ran out meanwhile (this process stalled past it) is dropped, and the next `acquire` says whether
 * another took it.
 * Processes look for leases to take over every half lease. The client is the caller's: `close()` leaves
 * it open.
 */
export class RedisJobLeases implements JobLeases {
  readonly checkEveryMs: number;
  private readonly owner: string;
  private readonly held = new Set<string>();
  private renewal: NodeJS.Timeout | null = null;
  private renewing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisJobLeasesOptions,
  ) {
    this.owner = options.owner ?? randomUUID();
    this.checkEveryMs = Math.max(1, Math.floor(options.leaseMs / 2));
  }

  async acquire(id: string): Promise<boolean> {
    const granted = (await ACQUIRE.run(this.redis, [this.keyOf(id)], [this.owner, String(this.options.leaseMs)])) === 1;
    if (granted && !this.closed) this.keep(id);
    else this.held.delete(id);
    return granted;
  }

  async release(id: string): Promise<void> {
    this.held.delete(id);
    if (this.held.size === 0) this.stopRenewing();
    await RELEASE.run(this.redis, [this.keyOf(id)], [this.owner]);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.held.clear();
    this.stopRenewing();
    await this.renewing;
  }

  private keyOf(id: string): string {
    return `${this.options.keyPrefix}job-lease:${id}`;
  }

  private keep(id: string): void {
    this.held.add(id);
    if (this.renewal) return;
    this.renewal = setInterval(
      () => {
        if (this.renewing) return;
        this.renewing = this.renew().finally(() => (this.renewing = null));
      },
      Math.max(1, Math.floor(this.options.leaseMs / 3)),
    );
    this.renewal.unref();
  }

  private stopRenewing(): void {
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
  }

  private async renew(): Promise<void> {
    const ids = [...this.held];
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH);
      let kept: unknown;
      try {
        kept = await RENEW.run(
          this.redis,
          batch.map((id) => this.keyOf(id)),
          [this.owner, String(this.options.leaseMs)],
        );
      } catch (error) {
        // Kept in `held`: the next renewal tries again, and the next acquire learns whether it ran out.
        this.options.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'job leases could not be renewed',
        );
        return;
      }
      batch.forEach((id, i) => {
        if (Array.isArray(kept) && kept[i] === 1) return;
        if (!this.held.delete(id)) return;
        this.options.logger.warn({ jobId: id }, 'job lease ran out or was taken by another process');
      });
    }
    if (this.held.size === 0) this.stopRenewing();
  }
}
