import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formEncode } from '../../src/datasources/upstream/client.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TransportError, createHttpTransport, originAndPath } from '../../src/datasources/upstream/http.js';

describe('formEncode', () => {
  it('writes a value as URLSearchParams does, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string(), (key, value) => {
        const expected = new URLSearchParams([[key, value]]).toString();
        expect(`${formEncode(key)}=${formEncode(value)}`).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('writes half of a surrogate pair as URLSearchParams does (U+FFFD), instead of throwing', () => {
    for (const text of ['a\uD800b', '\uDC00', 'x\uD83D']) {
      expect(formEncode(text)).toBe(new URLSearchParams({ q: text }).toString().slice(2));
    }
  });

  it('encodes the characters encodeURIComponent leaves alone, and spaces as +', () => {
    expect(formEncode("a b!'()~*-._")).toBe('a+b%21%27%28%29%7E*-._');
    expect(formEncode('علی رضایی')).toBe(new URLSearchParams({ q: 'علی رضایی' }).toString().slice(2));
  });
});

describe('originAndPath', () => {
  it('splits an absolute URL into its origin and the path with its query', () => {
    expect(originAndPath('http://127.0.0.1:8080/ecity/v2/clients/x/postalCode?trackId=a&b=c')).toEqual({
      origin: 'http://127.0.0.1:8080',
      path: '/ecity/v2/clients/x/postalCode?trackId=a&b=c',
    });
    expect(originAndPath('https://api.example.com/base/kyc?x=1')).toEqual({
      origin: 'https://api.example.com',
      path: '/base/kyc?x=1',
    });
    expect(originAndPath('https://api.example.com')).toEqual({ origin: 'https://api.example.com', path: '/' });
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => originAndPath('ftp://host/x')).toThrow(TypeError);
    expect(() => originAndPath('/relative')).toThrow(TypeError);
  });
});

describe('a request the transport refuses to send', () => {
  it('is a network failure that cannot have reached the upstream', async () => {
    const server = createServer((_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const http = createHttpTransport({ connections: 2 });
    try {
      for (const url of [`http://127.0.0.1:${port}/a b`, `ftp://127.0.0.1:${port}/x`]) {
        const failure = await http.send({ method: 'GET', url, headers: {}, timeoutMs: 2_000 }).then(
          () => null,
          (error: unknown) => error,
        );
        expect(failure, url).toBeInstanceOf(TransportError);
        expect(failure, url).toMatchObject({ kind: 'network', maybeDelivered: false });
      }
      // The same transport reaches a well-formed URL: the refusal was the request's, not the connection's.
      await expect(
        http.send({ method: 'GET', url: `http://127.0.0.1:${port}/ok`, headers: {}, timeoutMs: 2_000 }),
      ).resolves.toMatchObject({ status: 200 });
    } finally {
      await http.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
