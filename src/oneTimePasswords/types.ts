/** A one-time-password challenge as stored: never the code, only its keyed hash. */
export interface ChallengeRecord {
  /** HMAC-SHA256 of the challenge id and the code (hex). */
  readonly digest: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
  /** Wrong codes it still takes; 0 once exhausted. */
  readonly attemptsLeft: number;
}

/**
 * Where challenges live: in this process's memory, or in Redis for every replica. The two changes are
 * conditional on the attempts left as read, so that of concurrent verifications of one challenge one
 * succeeds at most, and every wrong code is counted.
 */
export interface ChallengeStore {
  /** Stores a new challenge under `id`, kept at least until it expires. */
  create(id: string, record: ChallengeRecord): Promise<void>;
  get(id: string): Promise<ChallengeRecord | null>;
  /** Removes the challenge if it still has `attemptsLeft`: true when this call used it. */
  consume(id: string, attemptsLeft: number): Promise<boolean>;
  /** Counts one wrong code if the challenge still has `attemptsLeft`: true when this call counted it. */
  spend(id: string, attemptsLeft: number): Promise<boolean>;
  close(): Promise<void>;
}
