import type { ChallengeRecord, ChallengeStore } from './types.js';
import { systemClock, type Clock } from '../lib/clock.js';

/** Challenges in this process's memory; each is forgotten a lifetime after it expires. */
export class MemoryChallengeStore implements ChallengeStore {
  private readonly challenges = new Map<string, ChallengeRecord>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly clock: Clock = systemClock) {}

  async create(id: string, record: ChallengeRecord): Promise<void> {
    this.challenges.set(id, record);
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.challenges.delete(id);
      },
      Math.max(0, 2 * (record.expiresAt - this.clock.now())),
    );
    timer.unref();
    this.timers.add(timer);
  }

  async get(id: string): Promise<ChallengeRecord | null> {
    return this.challenges.get(id) ?? null;
  }

  async consume(id: string, attemptsLeft: number): Promise<boolean> {
    if (this.challenges.get(id)?.attemptsLeft !== attemptsLeft) return false;
    this.challenges.delete(id);
    return true;
  }

  async spend(id: string, attemptsLeft: number): Promise<boolean> {
    const record = this.challenges.get(id);
    if (record?.attemptsLeft !== attemptsLeft) return false;
    this.challenges.set(id, { ...record, attemptsLeft: attemptsLeft - 1 });
    return true;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
