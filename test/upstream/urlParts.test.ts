import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formEncode } from '../../src/datasources/upstream/client.js';
import { originAndPath } from '../../src/datasources/upstream/http.js';

describe('formEncode', () => {
  it('writes a value as URLSearchParams does, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string(), (key, value) => {
        const expected = new URLSearchParams([[key, value]]).toString();
        expect(`${formEncode(key)}=${formEncode(value)}`).toBe(expected);
      }),
      { numRuns: 2000 },
    );
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
