/**
 * Random GraphQL requests against the schema (fast-check): whatever arrives, the subgraph answers,
 * every error carries a code from the known set, and no internal message reaches the caller.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/errors.js';
import { buildSchema } from '../../src/schema.js';
import { useHarness } from '../helpers/harness.js';
import { ODD_BODIES, randomRequest } from '../helpers/randomDocuments.js';

/** Our codes, and those Apollo Server and graphql-js give requests that never reach a resolver. */
const KNOWN_CODES = new Set([
  ...errorCodes,
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/** What internals look like when they leak: runtime errors, stack frames, file paths, graphql-js internals. */
const LEAKS: readonly RegExp[] = [
  /Cannot read propert/i,
  /Cannot convert/i,
  /is not a function/i,
  /is not iterable/i,
  /\bundefined\b/,
  /\bTypeError\b|\bReferenceError\b|\bRangeError\b/,
  /\s+at [\w.<>]+ \(.*:\d+:\d+\)/,
  /node_modules|\/work\/|file:\/\/|\.ts:\d+/,
  /Abstract type/,
  /Cannot return null for non-nullable/,
  /Expected Iterable/,
  /must resolve to an Object type/i,
  /stacktrace/i,
];

interface Answer {
  readonly status: number;
  readonly text: string;
}

describe('random GraphQL requests', () => {
  const h = useHarness();
  const schema = buildSchema();

  async function post(body: string): Promise<Answer> {
    const res = await fetch(h.server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, text: await res.text() };
  }

  function check(body: string, answer: Answer): void {
    const context = `${body.slice(0, 2_000)}\n→ ${answer.status} ${answer.text.slice(0, 2_000)}`;
    expect([200, 400], context).toContain(answer.status);
    const answered = JSON.parse(answer.text) as {
      data?: unknown;
      errors?: Array<{ message?: unknown; extensions?: { code?: unknown } }>;
    };
    expect(answered.data !== undefined || answered.errors !== undefined, context).toBe(true);
    for (const error of answered.errors ?? []) {
      expect(typeof error.message, context).toBe('string');
      expect(KNOWN_CODES.has(String(error.extensions?.code)), context).toBe(true);
      // A masked unexpected error is still an unexpected error: something crashed in a resolver.
      expect(error.extensions?.code, context).not.toBe('INTERNAL_SERVER_ERROR');
    }
    for (const leak of LEAKS) expect(leak.test(answer.text), `${leak} in ${context}`).toBe(false);
  }

  it.each(ODD_BODIES)(
    'that are not GraphQL requests, or ask HTTP for a subscription, get a code and no internals: %s',
    async (body) => {
      check(body, await post(body));
    },
  );

  it('are each answered with known error codes and no internal message', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 9, arbitrary: randomRequest(schema).map((request) => JSON.stringify(request)) },
          { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
        ),
        async (body) => {
          check(body, await post(body));
        },
      ),
      // A failure ends the run at once: its request and answer are in the message, and shrinking over HTTP is slow.
      { numRuns: 200, endOnFailure: true },
    );
    // The process still answers.
    expect((await fetch(h.server.url.replace('/graphql', '/healthz'))).status).toBe(200);
  }, 30_000);
});
