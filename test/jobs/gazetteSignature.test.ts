/**
 * The gazette signature verification job kind reading the upstream's answers: the designed states,
 * the upstream's lenient spellings, and what is unreadable.
 */
import { describe, expect, it } from 'vitest';
import { gazetteSignatureJob } from '../../src/datasources/flows/gazetteSignature.js';
import type { UpstreamResult } from '../../src/datasources/upstream/client.js';

const query = { companyId: '10100001478', nationalId: '0499370899' };

/** An upstream that answers every call with `result` and records what it was sent. */
function answering(result: unknown) {
  const sent: Array<{ id: string; options: unknown }> = [];
  return {
    sent,
    upstream: {
      send: (id: string, options: unknown): Promise<UpstreamResult> => {
        sent.push({ id, options });
        return Promise.resolve({ result, trackId: 'track-1' });
      },
    },
  };
}

const poll = (result: unknown) => gazetteSignatureJob.poll(answering(result).upstream, 'req-1', query);

describe('gazetteSignature job kind', () => {
  it('submits the company and the person in the body and returns the requestId', async () => {
    const { upstream, sent } = answering({ requestId: 'req-1', status: 'PENDING' });
    await expect(gazetteSignatureJob.submit(upstream, query)).resolves.toBe('req-1');
    expect(sent).toEqual([{ id: 'kybGazetteSignatureVerificationSubmitPost', options: { body: query } }]);
  });

  it('refuses a submission answer without a requestId as unreadable', async () => {
    const { upstream } = answering({ status: 'PENDING' });
    await expect(gazetteSignatureJob.submit(upstream, query)).rejects.toMatchObject({
      message: expect.stringContaining('result.requestId'),
    });
  });

  it('polls by requestId in the query', async () => {
    const { upstream, sent } = answering({ requestId: 'req-1', status: 'PENDING' });
    await expect(gazetteSignatureJob.poll(upstream, 'req-1', query)).resolves.toEqual({ status: 'PENDING' });
    expect(sent).toEqual([
      { id: 'kybGazetteSignatureVerificationResultGet', options: { query: { requestId: 'req-1' } } },
    ]);
  });

  it('reads a verified signature, whatever the spelling of its kind and ids', async () => {
    const outcome = await poll({
      requestId: 'req-1',
      status: 'SUCCESS',
      data: {
        isVerified: 'true',
        signatureType: 'OBLIGATORY_AND_NORMAL',
        positionName: ' مدیرعامل ',
        newsId: 246067041,
        newspaperDate: '1403/10/05',
        newspaperNumber: 26942,
      },
    });
    expect(outcome).toEqual({
      status: 'SUCCESS',
      result: {
        verdict: 'VERIFIED',
        signatureKind: 'OBLIGATORY_AND_NORMAL',
        position: 'مدیرعامل',
        noticeId: '246067041',
        noticePublishedOn: '1403/10/05',
        newspaperNumber: '26942',
      },
    });
  });

  it('reads a negative verdict with no signature kind, even if one is sent', async () => {
    const outcome = await poll({ status: 'SUCCESS', data: { isVerified: false, signatureType: 'normal' } });
    expect(outcome).toEqual({
      status: 'SUCCESS',
      result: {
        verdict: 'NOT_VERIFIED',
        signatureKind: null,
        position: null,
        noticeId: null,
        noticePublishedOn: null,
        newspaperNumber: null,
      },
    });
  });

  it('reads an unknown signature kind as none', async () => {
    const outcome = await poll({ status: 'SUCCESS', data: { isVerified: true, signatureType: 'stamp' } });
    expect(outcome).toMatchObject({ status: 'SUCCESS', result: { verdict: 'VERIFIED', signatureKind: null } });
  });

  it('reads FAILED with the upstream code, or a generic one when the error block is absent', async () => {
    await expect(
      poll({ status: 'FAILED', error: { code: '40422', message: 'company is not active' } }),
    ).resolves.toEqual({
      status: 'FAILED',
      failure: { code: '40422', message: 'company is not active' },
    });
    await expect(poll({ status: 'FAILED', error: '' })).resolves.toEqual({
      status: 'FAILED',
      failure: { code: 'UNKNOWN', message: 'The upstream could not verify the signature.' },
    });
  });

  it.each([
    ['an unknown status', { status: 'DONE' }],
    ['a success without data', { status: 'SUCCESS' }],
    ['a success without its verdict', { status: 'SUCCESS', data: { signatureType: 'normal' } }],
  ])('treats %s as unreadable', async (_, result) => {
    await expect(poll(result)).rejects.toMatchObject({ extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
  });
});
