import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { OperationLimits } from '../../src/limits/operationLimits.js';

const schema = buildSubgraphSchema({ typeDefs: parse('type Query { ping: String }') });
const limitsWith = (max: string) =>
  new OperationLimits(loadConfig({ LOG_LEVEL: 'silent', LIMIT_MAX_RESPONSE_BYTES: max }).limits, schema);

/** An answer of `count` two-byte characters (Persian letters) in UTF-8, plus its JSON frame. */
const answerOf = (count: number) => JSON.stringify({ data: { ping: 'س'.repeat(count) } });

describe('the response size cap on the text as written', () => {
  it('lets through an answer of fewer bytes than the cap though it has more characters than a third of it', () => {
    const text = answerOf(120);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(300);
    expect(text.length * 3).toBeGreaterThan(300);
    expect(limitsWith('300').capBody(text)).toBe(text);
  });

  it('counts bytes, not characters: the same number of two-byte characters past the cap is refused', () => {
    const text = answerOf(150);
    expect(text.length).toBeLessThanOrEqual(300);
    const refused = JSON.parse(limitsWith('300').capBody(text)) as { data?: unknown; errors: unknown[] };
    expect(refused.data).toBeUndefined();
    expect(refused.errors).toEqual([
      {
        message: expect.stringContaining('at most 300 are sent') as unknown,
        extensions: {
          code: 'OPERATION_LIMIT_EXCEEDED',
          limit: 'responseSize',
          max: 300,
          actual: Buffer.byteLength(text),
        },
      },
    ]);
  });

  it('sends everything when there is no cap', () => {
    const text = answerOf(10_000);
    expect(limitsWith('0').capBody(text)).toBe(text);
  });
});

describe('the response size cap on a graphql-ws message as graphql-ws wrote it', () => {
  const next = (id: string, count: number) =>
    JSON.stringify({ id, type: 'next', payload: { data: { ping: 'س'.repeat(count) } } });

  it('sends a message within the cap as it is', () => {
    const text = next('1', 100);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(300);
    expect(limitsWith('300').capMessage(text)).toBe(text);
  });

  it('replaces an answer past the cap by the refusal, under the same id and type', () => {
    const text = next('op "7"', 150);
    const capped = JSON.parse(limitsWith('300').capMessage(text)) as Record<string, unknown>;
    expect(capped).toEqual({
      id: 'op "7"',
      type: 'next',
      payload: {
        errors: [
          {
            message: expect.stringContaining('at most 300 are sent') as unknown,
            extensions: {
              code: 'OPERATION_LIMIT_EXCEEDED',
              limit: 'responseSize',
              max: 300,
              actual: Buffer.byteLength(text),
            },
          },
        ],
      },
    });
  });

  it('replaces an error message past the cap by a list of the refusal alone', () => {
    const text = JSON.stringify({ id: '2', type: 'error', payload: [{ message: 'x'.repeat(400) }] });
    const capped = JSON.parse(limitsWith('300').capMessage(text)) as { id: string; type: string; payload: unknown[] };
    expect(capped.id).toBe('2');
    expect(capped.type).toBe('error');
    expect(capped.payload).toHaveLength(1);
    expect(capped.payload[0]).toMatchObject({ extensions: { limit: 'responseSize', max: 300 } });
  });

  it('leaves any other message alone, and everything when there is no cap', () => {
    const pong = JSON.stringify({ type: 'pong', payload: { note: 'x'.repeat(400) } });
    expect(limitsWith('300').capMessage(pong)).toBe(pong);
    const big = next('3', 5_000);
    expect(limitsWith('0').capMessage(big)).toBe(big);
  });
});
