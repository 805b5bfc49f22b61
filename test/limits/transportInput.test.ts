/**
 * What a client sends, bounded before anything parses or walks it: a query's bytes (comments included,
 * which the token limit never sees) and how deep its variables nest (a value 100,000 levels deep once
 * overflowed the stack of the cost check and answered 500). Refused with a 4xx, or an error over
 * graphql-ws, and nothing is sent upstream.
 */
import { createClient } from 'graphql-ws';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { nestingDepth } from '../../src/limits/transportInput.js';
import { useHarness } from '../helpers/harness.js';
import { collect } from '../helpers/subscriptions.js';

const h = useHarness();
const off = useHarness({ env: { LIMIT_MAX_QUERY_BYTES: '0', LIMIT_MAX_VARIABLES_DEPTH: '0' } });
const QUERY_BYTES = 131_072;
const POSTAL = `query($code: String!) { postalAddress(postalCode: $code) { postalCode } }`;
const POSTAL_CODE = '7736999262';

/** A JSON text nesting `levels` objects deep: `{"a":{"a":…1…}}`. */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

async function post(url: string, body: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** `query` padded with a comment to exactly `bytes` bytes. */
const padded = (query: string, bytes: number) => `${query}\n#${'x'.repeat(bytes - query.length - 2)}`;

describe('nestingDepth', () => {
  it('counts the levels of objects and lists, scalars none, and stops counting past the bound', () => {
    expect(nestingDepth(1, 5)).toBe(0);
    expect(nestingDepth(null, 5)).toBe(0);
    expect(nestingDepth({}, 5)).toBe(1);
    expect(nestingDepth({ a: [1, { b: [] }], c: 'x' }, 5)).toBe(4);
    expect(nestingDepth(JSON.parse(nested(100_000)), 32)).toBe(33);
  });
});

describe('the query’s bytes', () => {
  it('reads a query of exactly the limit, and refuses one byte more with a 400, sending nothing', async () => {
    const variables = { code: POSTAL_CODE };
    const atLimit = await post(h.server.url, JSON.stringify({ query: padded(POSTAL, QUERY_BYTES), variables }));
    expect(atLimit.status).toBe(200);
    expect(atLimit.json['data']).toEqual({ postalAddress: { postalCode: POSTAL_CODE } });

    const before = h.upstreamCalls().length;
    const over = await post(h.server.url, JSON.stringify({ query: padded(POSTAL, QUERY_BYTES + 1), variables }));
    expect(over.status).toBe(400);
    expect(over.json['errors']).toEqual([
      {
        message: `The query is ${QUERY_BYTES + 1} bytes; at most ${QUERY_BYTES} are read, comments and whitespace included.`,
        extensions: {
          code: 'OPERATION_LIMIT_EXCEEDED',
          limit: 'queryBytes',
          max: QUERY_BYTES,
          actual: QUERY_BYTES + 1,
        },
      },
    ]);
    expect(h.upstreamCalls().length).toBe(before);
  });

  it('refuses a query of five megabytes of comment', async () => {
    const res = await post(h.server.url, JSON.stringify({ query: `#${'x'.repeat(5 * 1024 * 1024)}\n{ __typename }` }));
    expect(res.status).toBe(400);
    expect(res.json['errors']).toMatchObject([{ extensions: { limit: 'queryBytes' } }]);
  });

  it('measures bytes, not characters: Persian text counts twice', async () => {
    const query = `${POSTAL}\n#${'ب'.repeat(QUERY_BYTES / 2)}`;
    const res = await post(h.server.url, JSON.stringify({ query, variables: { code: POSTAL_CODE } }));
    expect(res.json['errors']).toMatchObject([{ extensions: { limit: 'queryBytes' } }]);
  });
});

describe('the variables’ nesting', () => {
  it('refuses variables 100,000 levels deep with a 400, not a 500, sending nothing', async () => {
    const before = h.upstreamCalls().length;
    const res = await post(h.server.url, `{"query":${JSON.stringify(POSTAL)},"variables":${nested(100_000)}}`);
    expect(res.status).toBe(400);
    expect(res.json['errors']).toEqual([
      {
        message: 'The variables nest more than 32 levels deep; no argument of this schema needs that.',
        extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'variablesDepth', max: 32 },
      },
    ]);
    expect(h.upstreamCalls().length).toBe(before);
  });

  it('takes variables exactly 32 levels deep (the variables object is the first)', async () => {
    const res = await post(h.server.url, `{"query":"{ __typename }","variables":${nested(32)}}`);
    expect(res.status).toBe(200);
    const deeper = await post(h.server.url, `{"query":"{ __typename }","variables":${nested(33)}}`);
    expect(deeper.status).toBe(400);
  });

  it('refuses them in a batch, and in the URL of a GET', async () => {
    const batch = await post(
      h.server.url,
      `[{"query":"{ __typename }"},{"query":"{ __typename }","variables":${nested(40)}}]`,
    );
    expect(batch.status).toBe(400);
    const get = await fetch(
      `${h.server.url}?query=${encodeURIComponent('{ __typename }')}&variables=${encodeURIComponent(nested(40))}`,
      { headers: { 'apollo-require-preflight': 'true' } },
    );
    expect(get.status).toBe(400);
    expect(((await get.json()) as { errors: unknown }).errors).toMatchObject([
      { extensions: { limit: 'variablesDepth' } },
    ]);
  });

  it('refuses them over graphql-ws', async () => {
    const client = createClient({
      url: h.server.url.replace('http', 'ws'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    try {
      const collected = await collect(
        client,
        'subscription { jobUpdated(id: "job-1") { id } }',
        JSON.parse(nested(40)) as Record<string, unknown>,
      );
      expect(collected.error).toMatchObject([
        { extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'variablesDepth' } },
      ]);
      expect(collected.events).toEqual([]);
    } finally {
      await client.dispose();
    }
  });
});

describe('with the limits off', () => {
  it('reads a long query and deep variables as before', async () => {
    const res = await post(
      off.server.url,
      `{"query":${JSON.stringify(padded('{ __typename }', 200_000))},"variables":${nested(40)}}`,
    );
    expect(res.status).toBe(200);
    expect(res.json['data']).toEqual({ __typename: 'Query' });
  });
});
