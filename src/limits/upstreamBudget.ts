import { refuse } from './refusal.js';

/**
 * How many upstream calls one GraphQL operation may send. Every call about to be sent is counted
 * (a deduplicated read once); past the budget, a call is refused with OPERATION_LIMIT_EXCEEDED before
 * it reaches the upstream, so its field fails and the others still answer.
 */
export class UpstreamBudget {
  private spent = 0;
  private readonly byOperation = new Map<string, number>();

  /** `max` null: counted, never refused. */
  constructor(readonly max: number | null) {}

  get used(): number {
    return this.spent;
  }

  /** The calls counted so far by upstream operation (catalog id), in the order they were first made. */
  get calls(): Readonly<Record<string, number>> {
    return Object.fromEntries(this.byOperation);
  }

  /** Counts a call of `operationId` about to be sent, or throws when the budget is spent (nothing is counted then). */
  spend(operationId: string): void {
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
    this.count(operationId);
  }

  /**
   * Counts a call that must be sent whatever the budget: an action already claimed under its
   * idempotency key, which refusing would leave neither sent nor failed.
   */
  record(operationId: string): void {
    this.count(operationId);
  }

  private count(operationId: string): void {
    this.spent += 1;
    this.byOperation.set(operationId, (this.byOperation.get(operationId) ?? 0) + 1);
  }
}
