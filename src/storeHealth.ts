/**
 * Whether the job store answers, for `/readyz` and the `subgraph_store_up` gauge. A Redis that is
 * disconnected is down at once; a connected one is asked with a PING (bounded by the command timeout),
 * whose answer is kept briefly so that frequent readiness probes cost at most one PING per interval.
 */
import type { Redis } from 'ioredis';
import { storeUp } from './observability/metrics.js';
import { systemClock, type Clock } from './lib/clock.js';

export interface StoreHealth {
  isUp(): Promise<boolean>;
}

/** The in-memory store lives in the process: it is up while the process is. */
export function memoryStoreHealth(): StoreHealth {
  storeUp.set(1);
  return { isUp: () => Promise.resolve(true) };
}

export class RedisStoreHealth implements StoreHealth {
  private checked: { up: boolean; at: number } | null = null;
  private asking: Promise<boolean> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly cacheMs: number,
    private readonly clock: Clock = systemClock,
  ) {
    storeUp.set(redis.status === 'ready' ? 1 : 0);
    redis.on('ready', () => this.note(true));
    redis.on('close', () => this.note(false));
  }

  isUp(): Promise<boolean> {
    if (this.redis.status !== 'ready') return Promise.resolve(this.note(false));
    if (this.checked && this.clock.now() - this.checked.at < this.cacheMs) return Promise.resolve(this.checked.up);
    this.asking ??= this.redis
      .ping()
      .then(
        () => this.note(true),
        () => this.note(false),
      )
      .finally(() => {
        this.asking = null;
      });
    return this.asking;
  }

  private note(up: boolean): boolean {
    this.checked = { up, at: this.clock.now() };
    storeUp.set(up ? 1 : 0);
    return up;
  }
}
