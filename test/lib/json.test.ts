import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, parseJson } from '../../src/lib/json.js';

// A bare 16-digit (safe) integer forces the lossless parser without changing the meaning.
const forceSlowPath = (doc: string): string => `[1234567890123456,${doc}]`;
const unwrap = (value: unknown): unknown => (value as unknown[])[1];

const outcome = (parse: () => unknown): { ok: true; value: unknown } | { ok: false; error: string } => {
  try {
    return { ok: true, value: parse() };
  } catch (error) {
    return { ok: false, error: (error as Error).name };
  }
};

function hasUnsafeInteger(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (Array.isArray(value)) return value.some(hasUnsafeInteger);
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasUnsafeInteger);
  return false;
}

/** Any JSON value whose text has no unsafe integer literal (those are the one intended difference). */
const ordinaryJson = fc.jsonValue().filter((value) => !hasUnsafeInteger(value));

const bigInteger = fc.oneof(
  fc.bigInt({ min: 2n ** 53n, max: 10n ** 40n }),
  fc.bigInt({ min: -(10n ** 40n), max: -(2n ** 53n) }),
);

describe('parseJson', () => {
  it('is JSON.parse on documents without big integers, on both paths', () => {
    fc.assert(
      fc.property(ordinaryJson, fc.constantFrom(undefined, 2, '\t'), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(parseJson(text)).toStrictEqual(JSON.parse(text));
        expect(unwrap(parseJson(forceSlowPath(text)))).toStrictEqual(JSON.parse(text));
      }),
    );
  });

  it('throws exactly when JSON.parse throws, on both paths', () => {
    const jsonish = fc.string({
      unit: fc.constantFrom(...'{}[]",:\\ \n-+.eE0123456789tfnrulsaxu\u0001'.split(''), '"\\u00e9"', 'true', 'null'),
      maxLength: 20,
    });
    fc.assert(
      fc.property(jsonish, (text) => {
        // A 16-digit integer literal would rightly differ, so only then are values left uncompared.
        const compareValues = !/\d{16}/.test(text);
        for (const doc of [text, forceSlowPath(text)]) {
          const ours = outcome(() => parseJson(doc));
          const theirs = outcome(() => JSON.parse(doc));
          if (compareValues || !ours.ok || !theirs.ok) expect(ours).toStrictEqual(theirs);
          else expect(ours.ok).toBe(theirs.ok);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with JSON.parse on tricky but valid documents', () => {
    const docs = [
      '{"__proto__": {"polluted": true}, "a": 1}',
      '{"a": 1, "a": 2}',
      '"\\ud800 lone surrogate \\" quote \\\\ backslash \\/ slash"',
      ' \t\r\n[ -0 , 0.5e-3 , 1E+2 , 12345678901234567.5 , 1e400 , "\\u0041" ] ',
      '{"2": "b", "1": "a", "x": null}',
    ];
    for (const doc of docs) {
      expect(unwrap(parseJson(forceSlowPath(doc)))).toStrictEqual(JSON.parse(doc));
    }
    expect(Object.getPrototypeOf(parseJson(forceSlowPath('{"__proto__": {"x": 1}}')))).toBe(Array.prototype);
    const object = unwrap(parseJson(forceSlowPath('{"__proto__": {"x": 1}}'))) as Record<string, unknown>;
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
    expect(Object.keys(object)).toEqual(['__proto__']);
  });

  it('returns the exact digits of integers beyond 2^53 − 1, wherever they are', () => {
    fc.assert(
      fc.property(bigInteger, ordinaryJson, (n, other) => {
        const digits = n.toString();
        const text = `{"id": ${digits}, "list": [${digits}, ${JSON.stringify(other)}], "s": "${digits}"}`;
        expect(parseJson(text)).toStrictEqual({
          id: digits,
          list: [digits, JSON.parse(JSON.stringify(other))],
          s: digits,
        });
      }),
    );
  });

  it('finds a big integer after any whitespace, and leaves long digit strings as they are', () => {
    expect(parseJson('{"a":\n\t 12345678901234567890}')).toEqual({ a: '12345678901234567890' });
    expect(parseJson('[ 1,\r\n-12345678901234567890 ]')).toEqual([1, '-12345678901234567890']);
    expect(parseJson(' 12345678901234567890')).toBe('12345678901234567890');
    const strings = '{"iban":"IR123456789012345678901234","card":"6037991234567890","note":"x:1234567890123456789"}';
    expect(parseJson(strings)).toEqual(JSON.parse(strings));
  });

  it('keeps safe integers and non-integers as numbers', () => {
    expect(parseJson('[9007199254740991, -9007199254740991, 9007199254740992]')).toStrictEqual([
      9007199254740991,
      -9007199254740991,
      '9007199254740992',
    ]);
    // The literals below lose precision on purpose: they are what JSON.parse makes of the same text.
    expect(parseJson('[12345678901234567890.5, 12345678901234567890e0, 0.12345678901234567]')).toStrictEqual([
      // eslint-disable-next-line no-loss-of-precision
      12345678901234567890.5,
      // eslint-disable-next-line no-loss-of-precision
      12345678901234567890,
      // eslint-disable-next-line no-loss-of-precision
      0.12345678901234567,
    ]);
    expect(parseJson('{"card": 6037701689095443}')).toStrictEqual({ card: 6037701689095443 });
    expect(parseJson('{"sayad": 9727000174850598}')).toStrictEqual({ sayad: '9727000174850598' });
  });

  it('refuses raw control characters inside strings, like JSON.parse', () => {
    for (const doc of ['"a\u0001b"', '"tab\there"', '"line\nbreak"']) {
      expect(() => JSON.parse(doc)).toThrow(SyntaxError);
      expect(() => parseJson(forceSlowPath(doc))).toThrow(SyntaxError);
    }
  });

  it('does not let a big integer become a property name', () => {
    expect(() => parseJson('{12345678901234567890: 1}')).toThrow(SyntaxError);
    expect(() => parseJson('[012345678901234567890]')).toThrow(SyntaxError);
  });
});

/** canonicalJson as first written, through a replacer: the text the loader keys have always had. */
const replacerCanonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, member]) => member !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, undefined, { f: null, e: 'x' }], c: undefined } })).toBe(
      '{"a":{"d":[3,null,{"e":"x","f":null}]},"b":1}',
    );
  });

  it('orders array-index keys first, by number, as an object does', () => {
    expect(canonicalJson({ b: 1, '10': 2, '9': 3, a: 4, '01': 5 })).toBe('{"9":3,"10":2,"01":5,"a":4,"b":1}');
  });

  it('writes dates and other toJSON values as JSON.stringify does', () => {
    const at = new Date(Date.UTC(2024, 2, 20, 12, 30));
    expect(canonicalJson({ at, n: Number.NaN, list: [() => 1] })).toBe(
      '{"at":"2024-03-20T09:00:00.000Z","list":[null],"n":null}'.replace('09:00', '12:30'),
    );
  });

  it('gives the same text as the replacer it replaced, for any JSON-like value', () => {
    const member = fc.oneof(fc.string(), fc.constantFrom('0', '7', '10', '4294967295', '-1', '1.5', '__proto__x'));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.double(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.constant(undefined),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(member, tie('node'), { maxKeys: 5 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => canonicalJson(v) === replacerCanonical(v)),
      { numRuns: 500 },
    );
  });
});
