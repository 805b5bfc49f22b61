/**
 * The cap on the size of an answer without a server: the refusal at the bound, the text Apollo wrote
 * (`capBody`) and a result not yet written (`capResponse`), counted in bytes of UTF-8.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { limitHits, limitsWith } from '../helpers/limits.js';

const capped = limitsWith({ maxResponseBytes: 300 });
const refusalText = (bytes: number) =>
  `The answer would be ${bytes} bytes; at most 300 are sent. Ask for fewer fields or smaller pages.`;

describe('the refusal of an answer', () => {
  it('is none up to the cap, and says the bytes past it, counted', async () => {
    expect(capped.responseSizeRefusal(300)).toBeNull();
    const before = await limitHits('responseSize');
    const refusal = capped.responseSizeRefusal(301);
    expect(refusal?.message).toBe(refusalText(301));
    expect(refusal?.extensions).toStrictEqual({
      code: 'OPERATION_LIMIT_EXCEEDED',
      limit: 'responseSize',
      max: 300,
      actual: 301,
    });
    expect(await limitHits('responseSize')).toBe(before + 1);
  });

  it('is none with no cap', () => {
    expect(limitsWith({}).responseSizeRefusal(Number.MAX_SAFE_INTEGER)).toBeNull();
  });
});

describe('the text of an answer', () => {
  it('is sent when it is the cap in bytes, though it has more than a third as many characters', () => {
    const text = 'س'.repeat(150);
    expect(Buffer.byteLength(text)).toBe(300);
    expect(capped.capBody(text)).toBe(text);
  });

  it('is replaced by the refusal alone, without the http extension, one byte past the cap', () => {
    const text = `${'س'.repeat(150)}a`;
    expect(JSON.parse(capped.capBody(text))).toStrictEqual({
      errors: [
        {
          message: refusalText(301),
          extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'responseSize', max: 300, actual: 301 },
        },
      ],
    });
  });

  it('is sent as it is, short or long, with no cap', () => {
    const text = 'س'.repeat(100_000);
    expect(limitsWith({}).capBody(text)).toBe(text);
    expect(capped.capBody('a'.repeat(100))).toBe('a'.repeat(100));
  });
});

describe('what is measured', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is no text of at most a third as many characters as the cap, nor any text or result with no cap', () => {
    const measured = vi.spyOn(Buffer, 'byteLength');
    expect(capped.capBody('a'.repeat(100))).toBe('a'.repeat(100));
    const result = { data: { name: 'س'.repeat(1000) } };
    expect(limitsWith({}).capBody(JSON.stringify(result))).toBe(JSON.stringify(result));
    expect(limitsWith({}).capResponse(result)).toBe(result);
    expect(measured).not.toHaveBeenCalled();
    capped.capBody('a'.repeat(101));
    expect(measured).toHaveBeenCalledTimes(1);
  });
});

describe('a result not yet written', () => {
  /** A result that serializes to `bytes` bytes. */
  const resultOf = (bytes: number) => ({ data: { name: 'a'.repeat(bytes - '{"data":{"name":""}}'.length) } });

  it('is kept when it serializes to the cap, and replaced by the refusal one byte past it', () => {
    const fits = resultOf(300);
    expect(Buffer.byteLength(JSON.stringify(fits))).toBe(300);
    expect(capped.capResponse(fits)).toBe(fits);
    expect(capped.capResponse(resultOf(301))).toStrictEqual({
      errors: [
        {
          message: refusalText(301),
          extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'responseSize', max: 300, actual: 301 },
        },
      ],
    });
  });

  it('counts bytes, not characters', () => {
    const result = { data: { name: 'س'.repeat(145) } };
    expect(JSON.stringify(result).length).toBeLessThan(300);
    expect(capped.capResponse(result).errors?.[0]?.extensions).toMatchObject({ actual: 310 });
  });

  it('is kept whatever its size with no cap', () => {
    const result = resultOf(100_000);
    expect(limitsWith({}).capResponse(result)).toBe(result);
  });
});
