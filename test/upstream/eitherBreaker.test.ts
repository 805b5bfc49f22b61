/** The breaker that opens when either of its breakers would. */
import { CircuitState, ConsecutiveBreaker } from 'cockatiel';
import { describe, expect, it } from 'vitest';
import { EitherBreaker } from '../../src/datasources/upstream/eitherBreaker.js';

describe('EitherBreaker', () => {
  it('opens when any breaker would, and every breaker counts every failure and success', () => {
    const two = new ConsecutiveBreaker(2);
    const three = new ConsecutiveBreaker(3);
    const either = new EitherBreaker([three, two]);
    expect(either.failure(CircuitState.Closed)).toBe(false);
    expect(either.failure(CircuitState.Closed)).toBe(true);
    expect([two.state, three.state]).toEqual([2, 2]);
    either.success(CircuitState.Closed);
    expect([two.state, three.state]).toEqual([0, 0]);
  });

  it('keeps and restores the state of each breaker, in order', () => {
    const first = new ConsecutiveBreaker(5);
    const second = new ConsecutiveBreaker(5);
    const either = new EitherBreaker([first, second]);
    either.state = [1, 4];
    expect([first.state, second.state]).toEqual([1, 4]);
    expect(either.state).toEqual([1, 4]);
    either.state = 'not a list';
    expect(either.state).toEqual([1, 4]);
  });
});
