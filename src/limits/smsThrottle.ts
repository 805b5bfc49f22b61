import { createHmac, randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import type { Redis } from 'ioredis';
import { limitsHit } from '../observability/metrics.js';
import { rateLimitedError, ServiceUnavailableError } from '../errors.js';
import { systemClock, type Clock } from '../lib/clock.js';

/** Who an SMS goes to: the mobile number it is sent to, and the person it is about when it is about one. */
export interface SmsRecipient {
  readonly nationalId?: string;
  readonly mobile: string;
}

/** At most `max` SMS in any `windowMs`. */
export interface ThrottleWindow {
  readonly windowMs: number;
  readonly max: number;
}

/**
 * Admits an SMS before the upstream is asked to send it, per mobile number and per national id.
 * Refused: RATE_LIMITED with `retryAfter`; a store that does not answer: SERVICE_UNAVAILABLE.
 */
export interface SmsThrottle {
  admit(recipient: SmsRecipient): Promise<void>;
  /**
   * Admits the SMS of one send, all or none: refused when any recipient is over a window, and then none
   * is counted. A mobile named twice in one send counts once.
   */
  admitAll(recipients: readonly SmsRecipient[]): Promise<void>;
}

/** The outcome of one check of every key: 0 admitted (and counted), else milliseconds to wait. */
type Verdict = number;

export interface SmsThrottleOptions {
  readonly windows: readonly ThrottleWindow[];
  /** Keys the mobile numbers and national ids are hashed with, so no store holds them in the clear. */
  readonly secret: string;
  readonly clock?: Clock;
}

abstract class WindowedSmsThrottle implements SmsThrottle {
  protected readonly windows: readonly ThrottleWindow[];
  protected readonly longestMs: number;
  protected readonly clock: Clock;

  constructor(private readonly options: SmsThrottleOptions) {
    this.windows = options.windows.filter((window) => window.max > 0 && window.windowMs > 0);
    this.longestMs = Math.max(0, ...this.windows.map((window) => window.windowMs));
    this.clock = options.clock ?? systemClock;
  }

  admit(recipient: SmsRecipient): Promise<void> {
    return this.admitAll([recipient]);
  }

  async admitAll(recipients: readonly SmsRecipient[]): Promise<void> {
    if (this.windows.length === 0 || recipients.length === 0) return;
    const keys = new Set<string>();
    for (const { mobile, nationalId } of recipients) {
      keys.add(this.key('mobile', mobile));
      if (nationalId !== undefined) keys.add(this.key('nid', nationalId));
    }
    const waitMs = await this.check([...keys], this.clock.now());
    if (waitMs <= 0) return;
    limitsHit.inc({ limit: 'sms' });
    throw rateLimitedError(waitMs / 1_000, 'Too many SMS for this mobile number or person; retry later.');
  }

  protected abstract check(keys: readonly string[], now: number): Promise<Verdict>;

  private key(kind: 'mobile' | 'nid', value: string): string {
    return `sms:${kind}:${createHmac('sha256', this.options.secret).update(`sms-throttle:${kind}:${value}`).digest('base64url')}`;
  }
}

/** The milliseconds until the `timestamps` (ascending) leave room in every window; 0 when there is room now. */
function waitFor(timestamps: readonly number[], windows: readonly ThrottleWindow[], now: number): number {
  let wait = 0;
  for (const { windowMs, max } of windows) {
    const inside = timestamps.filter((at) => at > now - windowMs);
    if (inside.length >= max) wait = Math.max(wait, inside[inside.length - max]! + windowMs - now);
  }
  return wait;
}

/** Sliding windows in this process's memory, for a deployment without Redis. */
export class MemorySmsThrottle extends WindowedSmsThrottle {
  private readonly sent = new Map<string, number[]>();
  private lastSweep = 0;

  protected async check(keys: readonly string[], now: number): Promise<Verdict> {
    this.sweep(now);
    const logs = keys.map((key) => (this.sent.get(key) ?? []).filter((at) => at > now - this.longestMs));
    const wait = Math.max(0, ...logs.map((log) => waitFor(log, this.windows, now)));
    if (wait > 0) return wait;
    keys.forEach((key, i) => this.sent.set(key, [...logs[i]!, now]));
    return 0;
  }

  /** Keys tracked now. */
  get tracked(): number {
    return this.sent.size;
  }

  /** Drops logs with nothing inside the longest window, at most once per window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.longestMs) return;
    this.lastSweep = now;
    for (const [key, log] of this.sent) if (log.every((at) => at <= now - this.longestMs)) this.sent.delete(key);
  }
}

// KEYS: one sorted set of send times per mobile / national id. ARGV: now, the longest window, a unique
// member, then (windowMs, max) pairs. Checks every window of every key, then counts the SMS in all keys or none.
const ADMIT = `
local now = tonumber(ARGV[1])
local longest = tonumber(ARGV[2])
local wait = 0
for _, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - longest)
  for j = 4, #ARGV, 2 do
    local window = tonumber(ARGV[j])
    local max = tonumber(ARGV[j + 1])
    local inside = redis.call('ZRANGEBYSCORE', key, '(' .. string.format('%d', now - window), '+inf', 'WITHSCORES')
    local count = #inside / 2
    if count >= max then
      local oldest = tonumber(inside[(count - max) * 2 + 2])
      if oldest + window - now > wait then wait = oldest + window - now end
    end
  end
end
if wait > 0 then return wait end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, longest)
end
return 0`;

export interface RedisSmsThrottleOptions extends SmsThrottleOptions {
  readonly keyPrefix: string;
  /** Longest wait for Redis: past it, or while it is disconnected, SMS are refused (fail closed). */
  readonly timeoutMs: number;
}

/** Sliding windows in Redis, shared by every replica; checked and counted in one script. */
export class RedisSmsThrottle extends WindowedSmsThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly redisOptions: RedisSmsThrottleOptions,
  ) {
    super(redisOptions);
  }

  protected async check(keys: readonly string[], now: number): Promise<Verdict> {
    // Commands sent while disconnected would wait in ioredis's queue: refuse at once instead.
    if (this.redis.status !== 'ready') throw unavailable();
    const args = [
      String(now),
      String(this.longestMs),
      `${now}:${randomUUID()}`,
      ...this.windows.flatMap((w) => [String(w.windowMs), String(w.max)]),
    ];
    const prefixed = keys.map((key) => `${this.redisOptions.keyPrefix}${key}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable()), this.redisOptions.timeoutMs);
    });
    try {
      const verdict = await Promise.race([this.redis.eval(ADMIT, prefixed.length, ...prefixed, ...args), timeout]);
      return Number(verdict);
    } catch (error) {
      throw error instanceof GraphQLError ? error : unavailable();
    } finally {
      clearTimeout(timer);
    }
  }
}

const unavailable = () =>
  new ServiceUnavailableError('The SMS throttle cannot be checked right now; no SMS was sent. Retry later.');
