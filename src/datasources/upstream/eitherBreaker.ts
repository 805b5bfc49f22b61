/** A breaker that opens when any of its breakers would: each sees every success and every failure. */
import type { CircuitState, IBreaker } from 'cockatiel';

export class EitherBreaker implements IBreaker {
  constructor(private readonly breakers: readonly IBreaker[]) {}

  get state(): unknown {
    return this.breakers.map((breaker) => breaker.state);
  }

  set state(states: unknown) {
    if (!Array.isArray(states)) return;
    this.breakers.forEach((breaker, i) => {
      breaker.state = states[i];
    });
  }

  success(state: CircuitState): void {
    for (const breaker of this.breakers) breaker.success(state);
  }

  failure(state: CircuitState): boolean {
    // Every breaker counts the failure, even once one has said to open.
    return this.breakers.map((breaker) => breaker.failure(state)).some(Boolean);
  }
}
