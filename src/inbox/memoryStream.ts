import { messageDigest } from './digest.js';
import type { Appended, InboundSms, InboundSmsRecord, InboxStream, StreamWatch } from './types.js';
import { systemClock, type Clock } from '../lib/clock.js';

interface Entry {
  readonly sms: InboundSms;
  readonly ms: number;
  readonly seq: number;
}

/** Compares stream ids `<ms>-<seq>` by their numbers. */
export function compareIds(a: string, b: string): number {
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am - bm || as - bs;
}

/** Inbound SMS streams in this process's memory, with the ids Redis would give them. */
export class MemoryInboxStream implements InboxStream {
  private readonly streams = new Map<string, Entry[]>();
  private readonly seen = new Map<string, { readonly id: string; readonly at: number }>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private lastMs = 0;
  private lastSeq = -1;

  constructor(
    private readonly retentionMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  async append(message: InboundSmsRecord): Promise<Appended> {
    const now = this.clock.now();
    this.forgetBefore(now - this.retentionMs);
    const digest = messageDigest(message);
    const known = this.seen.get(digest);
    if (known) return { id: known.id, appended: false };
    if (now > this.lastMs) {
      this.lastMs = now;
      this.lastSeq = 0;
    } else this.lastSeq += 1;
    const id = `${this.lastMs}-${this.lastSeq}`;
    const entries = this.streams.get(message.to) ?? [];
    entries.push({ sms: { id, ...message }, ms: this.lastMs, seq: this.lastSeq });
    this.streams.set(message.to, entries);
    this.seen.set(digest, { id, at: now });
    for (const listener of [...(this.listeners.get(message.to) ?? [])]) listener();
    return { id, appended: true };
  }

  async read(number: string, after: string | null, count: number): Promise<InboundSms[]> {
    const entries = this.streams.get(number) ?? [];
    const start = after === null ? 0 : entries.findIndex((entry) => compareIds(entry.sms.id, after) > 0);
    if (start < 0) return [];
    return entries.slice(start, start + count).map((entry) => entry.sms);
  }

  async last(number: string): Promise<string | null> {
    return this.streams.get(number)?.at(-1)?.sms.id ?? null;
  }

  watch(number: string, listener: () => void): StreamWatch {
    let set = this.listeners.get(number);
    if (!set) this.listeners.set(number, (set = new Set()));
    const own = set;
    own.add(listener);
    return {
      ready: Promise.resolve(),
      unsubscribe: () => {
        own.delete(listener);
        if (own.size === 0 && this.listeners.get(number) === own) this.listeners.delete(number);
      },
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  /** Numbers with at least one listener (for leak checks). */
  get watchedNumbers(): number {
    return this.listeners.size;
  }

  private forgetBefore(limit: number): void {
    for (const [digest, seen] of this.seen) if (seen.at < limit) this.seen.delete(digest);
    for (const [number, entries] of this.streams) {
      const kept = entries.filter((entry) => entry.ms >= limit);
      if (kept.length !== entries.length) this.streams.set(number, kept);
    }
  }
}
