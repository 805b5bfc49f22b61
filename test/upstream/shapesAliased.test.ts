/** Members the upstream spells two ways, and answers of calls outside the operation catalog. */
import { describe, expect, it } from 'vitest';
import { aliased, decodeLabelled, record, rial, text } from '../../src/datasources/shared/shapes.js';
import { UpstreamError } from '../../src/errors.js';

describe('aliased', () => {
  const shape = aliased({ amount: 'transactionAmount' }, record({ amount: rial, note: text }));

  it('reads the other spelling only when the member is absent or null', () => {
    expect(shape.parse({ transactionAmount: '7' })).toEqual({ amount: '7', note: null });
    expect(shape.parse({ amount: null, transactionAmount: 7 })).toEqual({ amount: '7', note: null });
    expect(shape.parse({ amount: '', transactionAmount: '7' })).toEqual({ amount: null, note: null });
    expect(shape.parse({ amount: '8', transactionAmount: 'n/a' })).toEqual({ amount: '8', note: null });
  });

  it('names the member when the value read is unreadable, and refuses what is no object', () => {
    expect(shape.safeParse({ transactionAmount: '1.5' }).error?.issues[0]?.path).toEqual(['amount']);
    expect(shape.safeParse(['7']).success).toBe(false);
    expect(shape.safeParse(null).success).toBe(false);
  });
});

describe('decodeLabelled', () => {
  it('reads the result, or throws the malformed-answer error named by the label', () => {
    const answer = (result: unknown) => ({ result, trackId: 'track-1' });
    expect(decodeLabelled('verifySms', answer({ code: 'c' }), record({ code: text }))).toEqual({ code: 'c' });
    let error: unknown;
    try {
      decodeLabelled('verifySms', answer({ amount: 'x' }), record({ amount: rial }));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({
      details: {
        message: 'The upstream sent an unreadable result.amount.',
        operationId: 'verifySms',
        trackId: 'track-1',
      },
    });
  });
});
