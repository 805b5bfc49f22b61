/** How a chequebook's leaves are read from `serialNumbers`: every leaf the upstream listed is accounted for. */
import { describe, expect, it } from 'vitest';
import { ChequesAPI } from '../../src/datasources/cheques.js';
import type { UpstreamAccess } from '../../src/datasources/shared/requestUpstream.js';

/** Cheques over an upstream that answers every call with one chequebook listing `serialNumbers`. */
function cheques(serialNumbers: string | null): ChequesAPI {
  const answer = () =>
    Promise.resolve({ trackId: 'track-1', result: { chequeDetails: [{ sheetCount: 10, serialNumbers }] } });
  const upstream: UpstreamAccess = { read: answer, send: answer, authorize: () => Promise.resolve() };
  return new ChequesAPI(upstream);
}

describe('a chequebook’s leaves', () => {
  it('lists the Sayad ids of 16 digits as cheques, and the others apart, as written, none dropped', async () => {
    const written = [
      '1234567890123456',
      ' 1234567890123457 ',
      '۱۲۳۴۵۶۷۸۹۰۱۲۳۴۵۸',
      '12345678901234',
      '12345678901234590',
      '12345678901234AB',
    ].join(',');
    const [book] = await cheques(written).listChequebooks('0101');
    expect(book?.sayadIds).toEqual(['1234567890123456', '1234567890123457', '1234567890123458']);
    expect(book?.malformedSayadIds).toEqual(['12345678901234', '12345678901234590', '12345678901234AB']);
  });

  it('lists nothing for an empty or absent list, and no empty leaf between two commas', async () => {
    for (const written of [null, '', '1234567890123456,,']) {
      const [book] = await cheques(written).listChequebooks('0101');
      expect(book?.malformedSayadIds).toEqual([]);
      expect(book?.sayadIds).toEqual(written ? ['1234567890123456'] : []);
    }
  });
});
