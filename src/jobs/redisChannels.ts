import type { Redis } from 'ioredis';
import { ServiceUnavailableError } from '../errors.js';
import type { Logger } from '../logger.js';

export interface RedisChannelsOptions<Message> {
  /** The Redis channel of a key. */
  readonly channelOf: (key: string) => string;
  /** The message of a channel's payload; null when unreadable (dropped, with a log line). */
  readonly parse: (payload: string) => Message;
  /** After the connection came back: what was published while it was down is lost with it. */
  readonly onReconnect?: (keys: readonly string[]) => void;
  /** What a subscriber learns when its subscription cannot be made; the cause stays in the logs. */
  readonly unavailable: string;
  /** Names the feature in log lines (`job events`, `inbox`). */
  readonly label: string;
  readonly logger: Logger;
}

export interface ChannelSubscription {
  /** Resolves once subscribed; rejects (`SERVICE_UNAVAILABLE`) when the subscription could not be made. */
  readonly ready: Promise<void>;
  unsubscribe(): void;
}

interface Channel<Message> {
  readonly listeners: Set<(message: Message) => void>;
  readonly ready: Promise<void>;
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Listeners of Redis pub/sub channels, one per key: a process subscribes to a key's channel while one of
 * its listeners wants it (one subscription however many listeners), on a connection of its own: a
 * duplicate of the client, opened at the first subscription and closed by `close()`. The client itself
 * (used to publish) is the caller's.
 */
export class RedisChannels<Message> {
  private readonly channels = new Map<string, Channel<Message>>();
  private readonly subscriber: Redis;
  private readonly names = new Map<string, string>();
  private connectedBefore = false;

  constructor(
    redis: Redis,
    private readonly options: RedisChannelsOptions<Message>,
  ) {
    // Commands wait (up to the command timeout) for the connection rather than fail at once: the first
    // subscription opens it. ioredis subscribes again by itself after reconnecting.
    this.subscriber = redis.duplicate({ lazyConnect: true, enableOfflineQueue: true, autoResubscribe: true });
    this.subscriber.on('error', (error: Error) => {
      options.logger.warn({ err: error.message }, `redis ${options.label} subscriber connection failed`);
    });
    this.subscriber.on('ready', () => {
      if (this.connectedBefore) options.onReconnect?.([...this.channels.keys()]);
      this.connectedBefore = true;
    });
    this.subscriber.on('message', (name: string, payload: string) => this.deliver(name, payload));
  }

  subscribe(key: string, listener: (message: Message) => void): ChannelSubscription {
    let channel = this.channels.get(key);
    if (!channel) {
      const made: Channel<Message> = { listeners: new Set(), ready: this.listen(key) };
      made.ready.catch(() => {
        // The next subscriber tries again; this one learns it from `ready`.
        if (this.channels.get(key) === made) this.forget(key);
      });
      this.channels.set(key, made);
      this.names.set(this.options.channelOf(key), key);
      channel = made;
    }
    const joined = channel;
    joined.listeners.add(listener);
    return {
      ready: joined.ready,
      unsubscribe: () => {
        if (!joined.listeners.delete(listener) || joined.listeners.size > 0) return;
        if (this.channels.get(key) === joined) this.forget(key);
      },
    };
  }

  /** Delivers `message` to the listeners of `key` in this process, as if it had been published. */
  notify(key: string, message: Message): void {
    const channel = this.channels.get(key);
    if (!channel) return;
    for (const listener of [...channel.listeners]) {
      try {
        listener(message);
      } catch (error) {
        this.options.logger.error({ key, err: reason(error) }, `${this.options.label} listener failed`);
      }
    }
  }

  /** Whether a listener of this process wants `key`. */
  has(key: string): boolean {
    return this.channels.has(key);
  }

  /** Keys this process is subscribed to (for leak checks). */
  get size(): number {
    return this.channels.size;
  }

  async close(): Promise<void> {
    this.channels.clear();
    this.names.clear();
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

  private async listen(key: string): Promise<void> {
    try {
      await this.subscriber.subscribe(this.options.channelOf(key));
    } catch (error) {
      this.options.logger.warn({ key, err: reason(error) }, `${this.options.label} subscription failed`);
      throw Object.assign(new ServiceUnavailableError(this.options.unavailable), { cause: error });
    }
  }

  /** Drops the channel of `key` and unsubscribes from it (the commands keep their order on the connection). */
  private forget(key: string): void {
    this.channels.delete(key);
    const name = this.options.channelOf(key);
    this.names.delete(name);
    this.subscriber.unsubscribe(name).catch((error: unknown) => {
      this.options.logger.warn({ key, err: reason(error) }, `${this.options.label} unsubscription failed`);
    });
  }

  private deliver(name: string, payload: string): void {
    const key = this.names.get(name);
    if (key === undefined) return;
    let message: Message;
    try {
      message = this.options.parse(payload);
    } catch (error) {
      this.options.logger.warn({ channel: name, err: reason(error) }, `unreadable ${this.options.label} message`);
      return;
    }
    this.notify(key, message);
  }
}
