import type { Redis } from 'ioredis';
import { ServiceUnavailableError } from '../errors.js';
import type { Logger } from '../logger.js';
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

type Listener = (job: JobRecord) => void;

interface Channel {
  readonly listeners: Set<Listener>;
  readonly ready: Promise<void>;
}

/** What a subscriber learns when its subscription cannot be made; the cause stays in the logs. */
const UNAVAILABLE = 'Job updates cannot be followed right now; try again shortly.';

/**
 * Job change notifications through Redis pub/sub, shared by every process pointed at it: a change is
 * published as the job record's JSON on the job's own channel, and each process subscribes to the
 * channel of a job while one of its listeners watches it (one subscription however many). Subscribing
 * needs a connection of its own: a duplicate of the client, opened at the first subscription and closed
 * by `close()`. The client itself (used to publish) is the caller's: `close()` leaves it open.
 */
export class RedisJobEvents implements JobEvents {
  private readonly channels = new Map<string, Channel>();
  private readonly subscriber: Redis;
  private readonly prefix: string;
  private connectedBefore = false;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisJobEventsOptions,
  ) {
    this.prefix = `${options.keyPrefix}job-events:`;
    // Commands wait (up to the command timeout) for the connection rather than fail at once: the
    // first subscription opens it. ioredis subscribes again by itself after reconnecting.
    this.subscriber = redis.duplicate({ lazyConnect: true, enableOfflineQueue: true, autoResubscribe: true });
    this.subscriber.on('error', (error: Error) => {
      options.logger.warn({ err: error.message }, 'redis subscriber connection failed');
    });
    this.subscriber.on('ready', () => {
      if (this.connectedBefore) void this.refresh();
      this.connectedBefore = true;
    });
    this.subscriber.on('message', (channel: string, message: string) => this.deliver(channel, message));
  }

  async publish(job: JobRecord): Promise<void> {
    await this.redis.publish(this.channelOf(job.id), JSON.stringify(job));
  }

  subscribe(id: string, listener: Listener): JobSubscription {
    let channel = this.channels.get(id);
    if (!channel) {
      const made: Channel = { listeners: new Set(), ready: this.listen(id) };
      made.ready.catch(() => {
        // The next subscriber tries again; this one learns it from `ready`.
        if (this.channels.get(id) === made) this.forget(id);
      });
      this.channels.set(id, made);
      channel = made;
    }
    const joined = channel;
    joined.listeners.add(listener);
    return {
      ready: joined.ready,
      unsubscribe: () => {
        if (!joined.listeners.delete(listener) || joined.listeners.size > 0) return;
        if (this.channels.get(id) === joined) this.forget(id);
      },
    };
  }

  async close(): Promise<void> {
    this.channels.clear();
    if (this.subscriber.status === 'wait' || this.subscriber.status === 'end') {
      this.subscriber.disconnect();
      return;
    }
    try {
      await this.subscriber.quit();
    } catch {
      this.subscriber.disconnect();
    }
  }

  /** Number of job ids this process is subscribed to (for leak checks). */
  get watchedJobs(): number {
    return this.channels.size;
  }

  private channelOf(id: string): string {
    return `${this.prefix}${id}`;
  }

  private async listen(id: string): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channelOf(id));
    } catch (error) {
      this.options.logger.warn(
        { jobId: id, err: error instanceof Error ? error.message : String(error) },
        'job events subscription failed',
      );
      throw Object.assign(new ServiceUnavailableError(UNAVAILABLE), { cause: error });
    }
  }

  /** Drops the channel of `id` and unsubscribes from it (the commands keep their order on the connection). */
  private forget(id: string): void {
    this.channels.delete(id);
    this.subscriber.unsubscribe(this.channelOf(id)).catch((error: unknown) => {
      this.options.logger.warn(
        { jobId: id, err: error instanceof Error ? error.message : String(error) },
        'job events unsubscription failed',
      );
    });
  }

  private deliver(name: string, message: string): void {
    if (!name.startsWith(this.prefix)) return;
    const channel = this.channels.get(name.slice(this.prefix.length));
    if (!channel) return;
    let job: JobRecord;
    try {
      job = JSON.parse(message) as JobRecord;
    } catch (error) {
      this.options.logger.warn(
        { channel: name, err: error instanceof Error ? error.message : String(error) },
        'unreadable job event',
      );
      return;
    }
    this.notify(channel, job);
  }

  private notify(channel: Channel, job: JobRecord): void {
    for (const listener of [...channel.listeners]) {
      try {
        listener(job);
      } catch (error) {
        this.options.logger.error(
          { jobId: job.id, err: error instanceof Error ? error.message : String(error) },
          'job event listener failed',
        );
      }
    }
  }

  /** After a reconnection: delivers the stored state of every watched job (listeners skip what they have). */
  private async refresh(): Promise<void> {
    const latest = this.options.latest;
    if (!latest) return;
    for (const [id, channel] of this.channels) {
      try {
        const job = await latest(id);
        if (job && this.channels.get(id) === channel) this.notify(channel, job);
      } catch (error) {
        this.options.logger.warn(
          { jobId: id, err: error instanceof Error ? error.message : String(error) },
          'job state could not be read after reconnecting',
        );
      }
    }
  }
}
