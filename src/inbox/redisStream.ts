import type { Redis } from 'ioredis';
import { RedisChannels } from '../jobs/redisChannels.js';
import { Script } from '../jobs/redisScript.js';
import type { Logger } from '../logger.js';
import { messageDigest } from './digest.js';
import type { Appended, InboundSms, InboundSmsRecord, InboxStream, StreamWatch } from './types.js';
import { answeredByRedis } from '../redis.js';

export interface RedisInboxStreamOptions {
  /**
   * Prefix of every key and channel: a number's stream is `<prefix>sms-inbox:<number>`, the digests of
   * its messages `<prefix>sms-inbox-seen:<number>:<digest>`, its appends are announced on
   * `<prefix>sms-inbox-events:<number>`.
   */
  readonly keyPrefix: string;
  /** How long entries (and the digests that keep a message from being appended twice) are kept. */
  readonly retentionMs: number;
  readonly logger: Logger;
}

// KEYS: the stream, the message's digest. ARGV: from, to, text, receivedAt, retention ms, channel. The
// digest check, the append, its trimming (by the server's clock, which also stamps the ids) and its
// announcement are one step: a message appended by two processes at once is kept once. Answers
// { id, 1 } when appended, { first id, 0 } when not.
const APPEND = new Script(`
  local known = redis.call('GET', KEYS[2])
  if known then return { known, 0 } end
  local time = redis.call('TIME')
  local oldest = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) - tonumber(ARGV[5])
  if oldest < 0 then oldest = 0 end
  local id = redis.call('XADD', KEYS[1], 'MINID', string.format('%d-0', oldest), '*',
    'from', ARGV[1], 'to', ARGV[2], 'text', ARGV[3], 'receivedAt', ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  redis.call('SET', KEYS[2], id, 'PX', ARGV[5])
  redis.call('PUBLISH', ARGV[6], id)
  return { id, 1 }`);

type RawEntry = [id: string, fields: string[]];

const UNAVAILABLE = 'Inbound messages cannot be followed right now; try again shortly.';

/**
 * Inbound SMS streams in Redis Streams, shared by every process pointed at the server. Appends are
 * announced on the number's channel, which a process follows while one of its readers watches that
 * number (`RedisChannels`). The client itself is the caller's: `close()` leaves it open.
 */
export class RedisInboxStream implements InboxStream {
  private readonly channels: RedisChannels<void>;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisInboxStreamOptions,
  ) {
    this.channels = new RedisChannels<void>(redis, {
      channelOf: (number) => this.channelOf(number),
      parse: () => undefined,
      // Appends announced while the connection was down are lost with it: every reader reads again.
      onReconnect: (numbers) => {
        for (const number of numbers) this.channels.notify(number, undefined);
      },
      unavailable: UNAVAILABLE,
      label: 'inbox',
      logger: options.logger,
    });
  }

  async append(message: InboundSmsRecord): Promise<Appended> {
    const answer = await APPEND.run(
      this.redis,
      [this.streamOf(message.to), `${this.options.keyPrefix}sms-inbox-seen:${message.to}:${messageDigest(message)}`],
      [
        message.from,
        message.to,
        message.text,
        message.receivedAt,
        String(this.options.retentionMs),
        this.channelOf(message.to),
      ],
    );
    const [id, appended] = answer as [string, number];
    return { id, appended: appended === 1 };
  }

  async read(number: string, after: string | null, count: number): Promise<InboundSms[]> {
    if (count <= 0) return [];
    const entries = (await answeredByRedis(UNAVAILABLE, () =>
      this.redis.xrange(this.streamOf(number), after === null ? '-' : `(${after}`, '+', 'COUNT', count),
    )) as RawEntry[];
    return entries.map(([id, fields]) => entryOf(id, fields, number));
  }

  async last(number: string): Promise<string | null> {
    const [newest] = (await answeredByRedis(UNAVAILABLE, () =>
      this.redis.xrevrange(this.streamOf(number), '+', '-', 'COUNT', 1),
    )) as RawEntry[];
    return newest?.[0] ?? null;
  }

  watch(number: string, listener: () => void): StreamWatch {
    return this.channels.subscribe(number, listener);
  }

  close(): Promise<void> {
    return this.channels.close();
  }

  /** Numbers this process is subscribed to (for leak checks). */
  get watchedNumbers(): number {
    return this.channels.size;
  }

  private streamOf(number: string): string {
    return `${this.options.keyPrefix}sms-inbox:${number}`;
  }

  private channelOf(number: string): string {
    return `${this.options.keyPrefix}sms-inbox-events:${number}`;
  }
}

function entryOf(id: string, fields: readonly string[], number: string): InboundSms {
  const values = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) values.set(fields[i] ?? '', fields[i + 1] ?? '');
  return {
    id,
    from: values.get('from') ?? '',
    to: values.get('to') ?? number,
    text: values.get('text') ?? '',
    receivedAt: values.get('receivedAt') ?? '',
  };
}
