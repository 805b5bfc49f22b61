/** A limit's refusal as an error, and the rate limit's refusal over graphql-ws, with the metric they count. */
import { Kind, parse, type FieldNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { rateLimitRefusal } from '../../src/limits/rateLimitPlugin.js';
import { CallerRateLimiter } from '../../src/limits/rateLimiter.js';
import { OperationLimitError, isOperationLimitError, refuse } from '../../src/limits/refusal.js';
import { limitsHit } from '../../src/observability/metrics.js';

const hits = async (limit: string) =>
  (await limitsHit.get()).values.find((value) => value.labels['limit'] === limit)?.value ?? 0;

describe('a refusal by a limit', () => {
  it('names the limit, its bound and what was reached, and points at the node given', () => {
    const document = parse('{ a }');
    const [operation] = document.definitions;
    const field =
      operation?.kind === Kind.OPERATION_DEFINITION ? (operation.selectionSet.selections[0] as FieldNode) : null;
    const error = new OperationLimitError('depth', 'too deep', { max: 3, actual: 4 }, field ?? undefined);
    expect(error.extensions).toStrictEqual({ code: 'OPERATION_LIMIT_EXCEEDED', limit: 'depth', max: 3, actual: 4 });
    expect(error.locations).toEqual([{ line: 1, column: 3 }]);
    expect([error.limit, error.message, isOperationLimitError(error)]).toEqual(['depth', 'too deep', true]);
  });

  it('says nothing of what was reached, nor where, when neither is known', () => {
    const error = new OperationLimitError('tokens', 'too long', { max: 10 });
    expect(Object.keys(error.extensions)).toEqual(['code', 'limit', 'max']);
    expect(error.locations).toBeUndefined();
    expect(isOperationLimitError(new Error('other'))).toBe(false);
  });

  it('is counted under its limit', async () => {
    const before = await hits('cost');
    expect(refuse('cost', 'too costly', { max: 1, actual: 2 })).toBeInstanceOf(OperationLimitError);
    expect(await hits('cost')).toBe(before + 1);
  });
});

describe('the rate limit over graphql-ws', () => {
  it('admits within the burst, then refuses with RATE_LIMITED and retryAfter, counted under rate', async () => {
    const limiter = new CallerRateLimiter({ perSecond: 1, burst: 1, clock: { now: () => 1_000_000 } });
    const caller = { id: 'address:10.0.0.1', viaRouter: false };
    expect(rateLimitRefusal(limiter, caller)).toBeNull();
    const before = await hits('rate');
    const refusal = rateLimitRefusal(limiter, caller);
    expect(refusal?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: 1 });
    expect(refusal?.message).toBe('Too many operations from this caller; retry later.');
    expect(await hits('rate')).toBe(before + 1);
  });
});
