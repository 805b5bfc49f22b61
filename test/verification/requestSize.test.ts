/** MAX_REQUEST_BYTES: the largest HTTP request body the subgraph reads. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { useHarness } from '../helpers/harness.js';

const LIMIT = 4096;

/** A GraphQL request body of exactly `size` bytes. */
function bodyOf(size: number): string {
  const empty = JSON.stringify({ query: '{ __typename }', variables: { pad: '' } });
  const body = JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(size - empty.length) } });
  expect(Buffer.byteLength(body)).toBe(size);
  return body;
}

describe('MAX_REQUEST_BYTES', () => {
  const h = useHarness({ env: { MAX_REQUEST_BYTES: String(LIMIT) } });

  const post = (body: string) =>
    fetch(h.server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('reads a body of exactly the limit', async () => {
    const res = await post(bodyOf(LIMIT));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('answers 413, naming the limit, one byte above it', async () => {
    const res = await post(bodyOf(LIMIT + 1));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      errors: [{ message: `The request body is larger than ${LIMIT} bytes.`, extensions: { code: 'BAD_REQUEST' } }],
    });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

describe('MAX_REQUEST_BYTES configuration', () => {
  it('defaults to 16 MiB, room for two 5 MiB images in base64', () => {
    const config = loadConfig({});
    expect(config.maxRequestBytes).toBe(16 * 1024 * 1024);
    expect(Math.ceil((5 * 1024 * 1024) / 3) * 4).toBeLessThan(config.maxRequestBytes - 1024);
  });

  it('takes a value from the environment', () => {
    expect(loadConfig({ MAX_REQUEST_BYTES: '10485760' }).maxRequestBytes).toBe(10_485_760);
  });

  it.each(['0', '-1', 'lots', '1.5'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ MAX_REQUEST_BYTES: value })).toThrow(ConfigError);
    expect(() => loadConfig({ MAX_REQUEST_BYTES: value })).toThrow(/MAX_REQUEST_BYTES/);
  });
});
