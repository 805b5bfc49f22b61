/** Operations running at once, per caller and per process. */
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { InFlightOperations, type Release } from '../../src/limits/inFlight.js';
import { limitsHit } from '../../src/observability/metrics.js';

const hits = async (limit: string) =>
  (await limitsHit.get()).values.find((value) => value.labels['limit'] === limit)?.value ?? 0;

const admitted = (result: Release | GraphQLError): Release => {
  if (result instanceof GraphQLError) throw new Error(`refused: ${result.message}`);
  return result;
};

describe('InFlightOperations', () => {
  it('admits a caller up to its bound, refuses the next with RATE_LIMITED, and admits again once one ends', async () => {
    const gate = new InFlightOperations({ perCaller: 2, perProcess: null });
    const first = admitted(gate.admit('a'));
    admitted(gate.admit('a'));
    const before = await hits('callerOperations');
    const refused = gate.admit('a');
    expect(await hits('callerOperations')).toBe(before + 1);
    expect(refused).toBeInstanceOf(GraphQLError);
    expect((refused as GraphQLError).extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: 1 });
    expect((refused as GraphQLError).message).toMatch(/this caller/);
    // Another caller is not held back by this one.
    admitted(gate.admit('b'));
    first();
    admitted(gate.admit('a'));
    expect(gate.running('a')).toBe(2);
    expect(gate.running()).toBe(3);
  });

  it('refuses past the process bound whoever asks, with an HTTP status when asked for', async () => {
    const gate = new InFlightOperations({ perCaller: null, perProcess: 2 });
    admitted(gate.admit('a'));
    const second = admitted(gate.admit('b'));
    const before = await hits('processOperations');
    const refused = gate.admit('c', { http: true }) as GraphQLError;
    expect(await hits('processOperations')).toBe(before + 1);
    expect((gate.admit('c') as GraphQLError).extensions['http']).toBeUndefined();
    expect(refused.extensions['code']).toBe('RATE_LIMITED');
    expect(refused.message).toMatch(/replica/);
    expect(refused.extensions['http']).toMatchObject({ status: 429 });
    second();
    admitted(gate.admit('c'));
  });

  it('forgets a caller with nothing running, and a place freed twice is freed once', () => {
    const gate = new InFlightOperations({ perCaller: 1, perProcess: 5 });
    const releases = ['a', 'b', 'c'].map((caller) => admitted(gate.admit(caller)));
    expect(gate.callers).toBe(3);
    for (const release of releases) {
      release();
      release();
    }
    expect(gate.callers).toBe(0);
    expect(gate.running()).toBe(0);
  });

  it('bounds nothing when both bounds are off', () => {
    const gate = new InFlightOperations({ perCaller: null, perProcess: null });
    for (let i = 0; i < 1_000; i += 1) admitted(gate.admit('a'));
    expect(gate.running('a')).toBe(1_000);
  });
});
