import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { RedisChannels } from './redisChannels.js';
import type { JobEvents, JobRecord, JobSubscription } from './types.js';

export interface RedisJobEventsOptions {
  /** Prefix of every channel: a job's changes are published on `<prefix>job-events:<id>`. */
  readonly keyPrefix: string;
  readonly logger: Logger;
  /**
   * Reads a job's stored state. Given, it is read for every watched job after the subscriber connection
   * comes back (changes published while it was down are lost with it) and delivered like a change.
   */
  readonly latest?: (id: string) => Promise<JobRecord | null>;
}

/** What a subscriber learns when its subscription cannot be made; the cause stays in the logs. */
const UNAVAILABLE = 'Job updates cannot be followed right now; try again shortly.';

/**
 * Job change notifications through Redis pub/sub, shared by every process pointed at it: a change is
 * published as the job record's JSON on the job's own channel, and each process subscribes to the
 * channel of a job while one of its listeners watches it (`RedisChannels`). The client itself (used to
 * publish) is the caller's: `close()` leaves it open.
 */
export class RedisJobEvents implements JobEvents {
  private readonly channels: RedisChannels<JobRecord>;
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisJobEventsOptions,
  ) {
    this.prefix = `${options.keyPrefix}job-events:`;
    this.channels = new RedisChannels<JobRecord>(redis, {
      channelOf: (id) => `${this.prefix}${id}`,
      parse: (payload) => JSON.parse(payload) as JobRecord,
      onReconnect: (ids) => void this.refresh(ids),
      unavailable: UNAVAILABLE,
      label: 'job events',
      logger: options.logger,
    });
  }

  async publish(job: JobRecord): Promise<void> {
    await this.redis.publish(`${this.prefix}${job.id}`, JSON.stringify(job));
  }

  subscribe(id: string, listener: (job: JobRecord) => void): JobSubscription {
    return this.channels.subscribe(id, listener);
  }

  close(): Promise<void> {
    return this.channels.close();
  }

  /** Number of job ids this process is subscribed to (for leak checks). */
  get watchedJobs(): number {
    return this.channels.size;
  }

  /** After a reconnection: delivers the stored state of every watched job (listeners skip what they have). */
  private async refresh(ids: readonly string[]): Promise<void> {
    const latest = this.options.latest;
    if (!latest) return;
    for (const id of ids) {
      try {
        const job = await latest(id);
        if (job) this.channels.notify(id, job);
      } catch (error) {
        this.options.logger.warn(
          { jobId: id, err: error instanceof Error ? error.message : String(error) },
          'job state could not be read after reconnecting',
        );
      }
    }
  }
}
