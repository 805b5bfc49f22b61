/** The vocabulary of upstream record shapes: lenient leaves, lists that may be absent, one "no data". */
import { describe, expect, it } from 'vitest';
import { ErrorCode, UpstreamError } from '../../src/errors.js';
import {
  count,
  decimal,
  decode,
  flag,
  isNoData,
  list,
  optionalRecord,
  record,
  rial,
  strictDecimal,
  text,
  word,
} from '../../src/datasources/shared/shapes.js';

const answer = (result: unknown) => ({ result, trackId: 'track-1', responseCode: 'R1' });

describe('leaves', () => {
  it('text trims, keeps numbers as digits and reads blank or absent as null', () => {
    const shape = record({ a: text, b: text, c: text, d: text, e: text });
    expect(shape.parse({ a: ' Tehran ', b: 42, c: '  ', d: null })).toEqual({
      a: 'Tehran',
      b: '42',
      c: null,
      d: null,
      e: null,
    });
  });

  it('flag reads booleans, true/false and Y/N in any case', () => {
    const shape = record({ a: flag, b: flag, c: flag, d: flag, e: flag });
    expect(shape.parse({ a: true, b: 'FALSE', c: 'y', d: 'No', e: 'maybe' })).toEqual({
      a: true,
      b: false,
      c: true,
      d: false,
      e: null,
    });
  });

  it('flag reads the integers 1 and 0, as numbers or strings, and no other number', () => {
    const shape = record({ a: flag, b: flag, c: flag, d: flag, e: flag, f: flag, g: flag });
    expect(shape.parse({ a: 1, b: 0, c: '1', d: ' 0 ', e: 2, f: -1, g: '' })).toEqual({
      a: true,
      b: false,
      c: true,
      d: false,
      e: null,
      f: null,
      g: null,
    });
  });

  it('rial and count read numbers or digit strings, and refuse what is no whole number', () => {
    const shape = record({ amount: rial, n: count });
    expect(shape.parse({ amount: '۱۲٬۰۰۰', n: '7' })).toEqual({ amount: '12000', n: 7 });
    expect(shape.parse({})).toEqual({ amount: null, n: null });
    expect(shape.safeParse({ amount: '12.5' }).success).toBe(false);
    expect(shape.safeParse({ n: 'seven' }).success).toBe(false);
  });

  it('decimal is lenient and strictDecimal is not', () => {
    expect(record({ a: decimal, b: decimal }).parse({ a: '95.7%', b: 'n/a' })).toEqual({ a: 95.7, b: null });
    expect(record({ a: strictDecimal }).parse({ a: '0.9' })).toEqual({ a: 0.9 });
    expect(record({ a: strictDecimal }).safeParse({ a: 'n/a' }).success).toBe(false);
  });

  it('word looks text up in a table, after normalizing it', () => {
    const status = word({ PAID: 'PAID', UNPAID: 'UNPAID' } as const, (t) => t.toUpperCase());
    expect(record({ a: status, b: status, c: status }).parse({ a: 'paid', b: 'other' })).toEqual({
      a: 'PAID',
      b: null,
      c: null,
    });
  });
});

describe('lists and blocks', () => {
  it('an absent or null list is empty; a list that is something else is malformed', () => {
    const shape = record({ items: list(record({ id: text })) });
    expect(shape.parse({ items: null })).toEqual({ items: [] });
    expect(shape.parse({})).toEqual({ items: [] });
    expect(shape.parse({ items: [{ id: 1 }] })).toEqual({ items: [{ id: '1' }] });
    expect(shape.safeParse({ items: 'none' }).success).toBe(false);
  });

  it('an optional block absent or null is null', () => {
    const shape = record({ info: optionalRecord({ name: text }) });
    expect(shape.parse({})).toEqual({ info: null });
    expect(shape.parse({ info: { name: 'x' } })).toEqual({ info: { name: 'x' } });
  });
});

describe('decode', () => {
  it('throws UPSTREAM_UNAVAILABLE naming the unreadable value, with the trackId', () => {
    const shape = record({ items: list(record({ amount: rial })) });
    let error: unknown;
    try {
      decode('billingInquiryCcGet', answer({ items: [{ amount: 'ten' }] }), shape);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).details).toMatchObject({
      code: ErrorCode.UpstreamUnavailable,
      message: 'The upstream sent an unreadable result.items[0].amount.',
      operationId: 'billingInquiryCcGet',
      trackId: 'track-1',
      responseCode: 'R1',
    });
  });

  it('a result that is not an object is malformed', () => {
    expect(() => decode('billingInquiryCcGet', answer('nothing'), record({ a: text }))).toThrow(
      'The upstream sent an unreadable result.',
    );
  });
});

describe('decode, asked again for one answer', () => {
  it('reads each answer once per shape and gives every reader the same record', () => {
    let reads = 0;
    const counted = record({ a: text }).transform((value) => ({ ...value, read: ++reads }));
    const same = answer({ a: 'x' });
    const first = decode('ecityPostalCodeGet', same, counted);
    expect(decode('ecityPostalCodeGet', same, counted)).toBe(first);
    expect(first).toEqual({ a: 'x', read: 1 });
    expect(decode('ecityPostalCodeGet', answer({ a: 'x' }), counted)).toEqual({ a: 'x', read: 2 });
    expect(decode('ecityPostalCodeGet', same, record({ a: text }))).toEqual({ a: 'x' });
  });

  it('throws again for a malformed answer asked twice', () => {
    const bad = answer({ items: 'many' });
    const shape = record({ items: list(text) });
    expect(() => decode('billingInquiryCcGet', bad, shape)).toThrow(UpstreamError);
    expect(() => decode('billingInquiryCcGet', bad, shape)).toThrow(UpstreamError);
  });
});

describe('isNoData', () => {
  it('is the upstream result codes 110 and 120, as number or string', () => {
    expect(isNoData({ result: 110, message: 'no cheque' })).toBe(true);
    expect(isNoData({ result: '120' })).toBe(true);
    expect(isNoData({ result: '100' })).toBe(false);
    expect(isNoData([{ result: 110 }])).toBe(false);
    expect(isNoData(null)).toBe(false);
  });
});
