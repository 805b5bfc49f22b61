import type { InboxRead } from '../datasources/flows/inbox.js';
import type { JobLeases } from '../jobs/types.js';
import type { Logger } from '../logger.js';
import type { InboundSmsRecord, InboxStream } from './types.js';

export interface InboxPollerOptions {
  /** The sender numbers whose inboxes are polled. */
  readonly numbers: readonly string[];
  readonly stream: InboxStream;
  /** Who polls a number: the job engine's poll leases, shared by the replicas. */
  readonly leases: Pick<JobLeases, 'acquire' | 'release'>;
  /** Reads, and so deletes upstream, the oldest messages of a number. */
  readonly read: (number: string) => Promise<InboxRead>;
  /** The pause between two reads of a number (none after a full read: more wait). */
  readonly everyMs: number;
  readonly logger: Logger;
}

/** The poll lease of a number's inbox, among the job engine's leases. */
export const inboxLeaseId = (number: string): string => `sms-inbox:${number}`;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Polls the upstream's inbox of each sender number and appends what it reads to the number's stream.
 * The upstream deletes what it answers, so exactly one process polls a number (the one holding its
 * lease; another takes over once a dead holder's lease runs out), and what a read returned is appended
 * before anything else is read: messages the stream did not take are kept here and appended first on
 * the next turn. What a process read and could not append is lost if it dies before it can.
 */
export class InboxPoller {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly unsaved = new Map<string, InboundSmsRecord[]>();
  private readonly held = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly options: InboxPollerOptions) {}

  /** Starts polling every number (each at once, then every `everyMs`). */
  start(): void {
    for (const number of new Set(this.options.numbers)) this.schedule(number, 0);
  }

  /** Whether this process holds the lease of `number` (it polls it). */
  polls(number: string): boolean {
    return this.held.has(number);
  }

  /** Stops polling; a read under way is appended first. Then gives the leases up, for another process. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
    for (const [number, pending] of this.unsaved)
      if (pending.length > 0)
        this.options.logger.error({ number, messages: pending.length }, 'inbound SMS read but never stored: lost');
    await Promise.all(
      [...this.held].map(async (number) => {
        this.held.delete(number);
        try {
          await this.options.leases.release(inboxLeaseId(number));
        } catch (error) {
          this.options.logger.warn({ number, err: message(error) }, 'inbox lease could not be released');
        }
      }),
    );
  }

  private schedule(number: string, delay: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(number);
      const run = this.turn(number)
        .catch((error: unknown) => {
          this.options.logger.warn({ number, err: message(error) }, 'inbox poll failed');
          return this.options.everyMs;
        })
        .then((next) => this.schedule(number, next))
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }, delay);
    timer.unref();
    this.timers.set(number, timer);
  }

  /** One turn for `number`; answers when to come back. */
  private async turn(number: string): Promise<number> {
    // What this process read and could not store is stored first, lease or not: the upstream deleted it,
    // and appends are deduplicated, so whoever polls now loses nothing by it.
    if (!(await this.save(number))) return this.options.everyMs;
    if (!(await this.options.leases.acquire(inboxLeaseId(number)))) {
      // Another process polls it; asking again each turn takes it over once that one's lease runs out.
      this.held.delete(number);
      return this.options.everyMs;
    }
    this.held.add(number);
    const read = await this.options.read(number);
    if (read.undated > 0)
      this.options.logger.warn(
        { number, messages: read.undated },
        'inbound SMS without a receive time: read time kept',
      );
    this.unsaved.set(number, [...read.messages]);
    if (!(await this.save(number))) return this.options.everyMs;
    return read.full ? 0 : this.options.everyMs;
  }

  /** Appends the messages of `number` read and not yet stored, oldest first; false when some remain. */
  private async save(number: string): Promise<boolean> {
    const pending = this.unsaved.get(number);
    if (!pending) return true;
    try {
      for (let next = pending[0]; next; next = pending[0]) {
        await this.options.stream.append(next);
        pending.shift();
      }
    } catch (error) {
      this.options.logger.error(
        { number, messages: pending.length, err: message(error) },
        'inbound SMS could not be stored; kept to store first on the next turn',
      );
      return false;
    }
    this.unsaved.delete(number);
    return true;
  }
}
