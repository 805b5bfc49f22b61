import type { ConsentRecord, ConsentStore } from './types.js';
import { systemClock, type Clock } from '../lib/clock.js';

interface Entry {
  readonly record: ConsentRecord;
  readonly expiresAt: number;
}

/**
 * Consents of one process, in memory. Records are copied in and out, as a shared store would, so
 * nobody can change a stored record behind the store's back. Expired entries are swept once a minute.
 */
export class MemoryConsentStore implements ConsentStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly clock: Clock = systemClock,
    sweepEveryMs = 60_000,
  ) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  async create(key: string, record: ConsentRecord, ttlMs: number): Promise<void> {
    this.entries.set(key, { record: structuredClone(record), expiresAt: this.clock.now() + ttlMs });
  }

  async get(key: string): Promise<ConsentRecord | null> {
    const entry = this.live(key);
    return entry ? structuredClone(entry.record) : null;
  }

  async update(key: string, record: ConsentRecord, ttlMs: number): Promise<boolean> {
    if (!this.live(key)) return false;
    this.entries.set(key, { record: structuredClone(record), expiresAt: this.clock.now() + ttlMs });
    return true;
  }

  async delete(key: string): Promise<boolean> {
    const existed = this.live(key) !== undefined;
    this.entries.delete(key);
    return existed;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }

  /** How many records are held (expired ones included until swept); for tests. */
  get size(): number {
    return this.entries.size;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
