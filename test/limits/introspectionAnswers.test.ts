/** Operations that only introspect, answered from memory after the first time. */
import { getIntrospectionQuery, graphqlSync, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { IntrospectionAnswers } from '../../src/limits/introspectionAnswers.js';
import { CallerRateLimiter } from '../../src/limits/rateLimiter.js';
import { buildSchema } from '../../src/schema.js';

const schema = buildSchema();
const FULL = getIntrospectionQuery();

describe('IntrospectionAnswers', () => {
  it('works out an introspection once per text and variables, the answer graphql-js gives', () => {
    const answers = new IntrospectionAnswers(schema);
    const first = answers.answer(FULL, parse(FULL), undefined, {});
    expect(first).toEqual(graphqlSync({ schema, source: FULL }));
    // The same text parsed again is the same answer, the very object: not worked out again.
    expect(answers.answer(FULL, parse(FULL), undefined, {})).toBe(first);
    const typeQuery = 'query ($n: String!) { __type(name: $n) { name } __typename }';
    const person = answers.answer(typeQuery, parse(typeQuery), undefined, { n: 'Person' });
    expect(person?.data).toEqual({ __type: { name: 'Person' }, __typename: 'Query' });
    expect(answers.answer(typeQuery, parse(typeQuery), undefined, { n: 'Bill' })?.data).toEqual({
      __type: { name: 'Bill' },
      __typename: 'Query',
    });
  });

  it('knows a document without its text by the document itself', () => {
    const answers = new IntrospectionAnswers(schema);
    const document = parse('{ __schema { queryType { name } } }');
    const first = answers.answer(undefined, document, undefined, null);
    expect(first?.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    expect(answers.answer(undefined, document, undefined, null)).toBe(first);
    expect(answers.answer(undefined, parse('{ __schema { queryType { name } } }'), undefined, null)).not.toBe(first);
  });

  it('leaves to execution whatever is not only introspection, a mutation, long variables, and an answer with errors', () => {
    const answers = new IntrospectionAnswers(schema);
    const mixed = `{ __typename person(nationalId: "0499370899") { nationalId } }`;
    expect(answers.answer(mixed, parse(mixed), undefined, {})).toBeNull();
    const spread = '{ ...F } fragment F on Query { __typename }';
    expect(answers.answer(spread, parse(spread), undefined, {})).toBeNull();
    const named = 'query A { __typename } mutation B { __typename }';
    expect(answers.answer(named, parse(named), 'B', {})).toBeNull();
    expect(answers.answer(named, parse(named), 'A', {})?.data).toEqual({ __typename: 'Query' });
    const typeQuery = 'query ($n: String!) { __type(name: $n) { name } }';
    expect(answers.answer(typeQuery, parse(typeQuery), undefined, { n: 'P'.repeat(300) })).toBeNull();
    const failing = '{ __type(name: 1) { name } }';
    expect(answers.answer(failing, parse(failing), undefined, {})).toBeNull();
  });

  it('keeps sixteen answers, then starts again', () => {
    const answers = new IntrospectionAnswers(schema);
    const typeQuery = 'query ($n: String!) { __type(name: $n) { name } }';
    const document = parse(typeQuery);
    const first = answers.answer(typeQuery, document, undefined, { n: 'T0' });
    for (let i = 1; i < 16; i += 1) answers.answer(typeQuery, document, undefined, { n: `T${i}` });
    expect(answers.answer(typeQuery, document, undefined, { n: 'T0' })).toBe(first);
    answers.answer(typeQuery, document, undefined, { n: 'T16' });
    expect(answers.answer(typeQuery, document, undefined, { n: 'T0' })).not.toBe(first);
  });
});

describe('the introspections a caller may start', () => {
  it('are the burst at once, then refused with RATE_LIMITED until the bucket refills; __typename alone is never counted', () => {
    let now = 0;
    const rate = new CallerRateLimiter({ perSecond: 2 / 60, burst: 2, clock: { now: () => now } });
    const answers = new IntrospectionAnswers(schema, rate);
    const full = parse(FULL);
    expect(answers.refusal('a', full, undefined)).toBeNull();
    expect(answers.refusal('a', parse('{ __type(name: "Person") { name } __typename }'), undefined)).toBeNull();
    const refused = answers.refusal('a', full, undefined, { http: true });
    expect(refused?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 30, http: { status: 429 } });
    expect(refused?.message).toMatch(/Too many introspections/);
    // Another caller has its own; a ping and an operation that is not only introspection are not counted.
    expect(answers.refusal('b', full, undefined)).toBeNull();
    for (let i = 0; i < 5; i += 1) expect(answers.refusal('a', parse('{ __typename }'), undefined)).toBeNull();
    expect(answers.refusal('a', parse('{ __schema { queryType { name } } _service { sdl } }'), undefined)).toBeNull();
    now += 30_000;
    expect(answers.refusal('a', full, undefined)).toBeNull();
    expect(answers.refusal('a', full, undefined)).not.toBeNull();
  });

  it('are not bounded without a rate', () => {
    const answers = new IntrospectionAnswers(schema);
    for (let i = 0; i < 50; i += 1) expect(answers.refusal('a', parse(FULL), undefined)).toBeNull();
  });
});
