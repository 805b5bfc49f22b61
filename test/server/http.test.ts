import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';

interface ErrorBody {
  errors: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

describe('HTTP surface of the subgraph', () => {
  const harness = useHarness();
  let origin: string;

  beforeAll(() => {
    origin = new URL(harness.server.url).origin;
  });

  it('/healthz answers 200 ok', async () => {
    const res = await fetch(`${origin}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 ready while running (query strings ignored)', async () => {
    const res = await fetch(`${origin}/readyz?probe=1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });

  it('a GraphQL answer carries no cache-control header (no field has a cache hint)', async () => {
    const res = await fetch(harness.server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBeNull();
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('an unknown path is a 404', async () => {
    for (const path of ['/', '/nope', '/graphql/extra', '/healthz/x']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: 'not found' });
    }
  });

  it('GET /graphql without a preflight header is blocked by CSRF prevention (400)', async () => {
    const res = await fetch(`${harness.server.url}?query=${encodeURIComponent('{__typename}')}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(body.errors[0]?.message).toMatch(/Cross-Site Request Forgery/);
  });

  it('GET /graphql?query={__typename} works with apollo-require-preflight: true', async () => {
    const res = await fetch(`${harness.server.url}?query=${encodeURIComponent('{__typename}')}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /graphql works with content-type: application/json instead of the preflight header', async () => {
    const res = await fetch(`${harness.server.url}?query=${encodeURIComponent('{__typename}')}`, {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('GET /graphql refuses a mutation (405)', async () => {
    const query = encodeURIComponent(
      'mutation { startBillInquiry(input: {type: TEL, parameter: "02177689361"}) { id } }',
    );
    const res = await fetch(`${harness.server.url}?query=${query}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(405);
    expect(harness.upstreamCalls()).toEqual([]);
  });

  it('echoes a caller-given x-request-id', async () => {
    const res = await fetch(harness.server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-42' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('req-42');
  });

  it('a malformed JSON body is a 400 with an errors array', async () => {
    const res = await fetch(harness.server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": "{ __typename }"',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(Array.isArray(body.errors)).toBe(true);
    expect(body.errors).toEqual([
      { message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } },
    ]);
  });

  it.each([17, 24])('a body of %i MiB is a 413 with an errors array', async (mebibytes) => {
    const res = await fetch(harness.server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(mebibytes * 1024 * 1024) } }),
    });
    expect(res.status).toBe(413);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('a POST with a valid body still works after the error cases (the server is healthy)', async () => {
    const response = await harness.gql<{ __typename: string }>('{ __typename }');
    expect(response).toEqual({ status: 200, data: { __typename: 'Query' } });
  });
});
