import { refuse } from './refusal.js';

/**
 * How many upstream calls one GraphQL operation may send. Every call about to be sent is counted
 * (a deduplicated read once); past the budget, a call is refused with OPERATION_LIMIT_EXCEEDED before
 * it reaches the upstream, so its field fails and the others still answer.
 */
export class UpstreamBudget {
  private spent = 0;

  /** `max` null: counted, never refused. */
  constructor(readonly max: number | null) {}

  get used(): number {
    return this.spent;
  }

  /** Counts a call about to be sent, or throws when the budget is spent (nothing is counted then). */
  spend(): void {
    if (this.max !== null && this.spent >= this.max) {
      throw refuse(
        'upstreamCalls',
        `This operation has used its budget of ${this.max} upstream calls; this field was not asked upstream.`,
        {
          max: this.max,
          actual: this.spent + 1,
        },
      );
    }
    this.spent += 1;
  }

  /**
   * Counts a call that must be sent whatever the budget: an action already claimed under its
   * idempotency key, which refusing would leave neither sent nor failed.
   */
  record(): void {
    this.spent += 1;
  }
}
