/** The credit report job kind against answers written here: what it sends, under whose authority, how it reads. */
import { describe, expect, it } from 'vitest';
import { creditReportJob, type CreditReportJobInput } from '../../src/datasources/flows/creditReport.js';
import type { JobUpstream } from '../../src/datasources/flows/port.js';
import type { AccessOptions } from '../../src/datasources/shared/requestUpstream.js';
import type { UpstreamResult } from '../../src/datasources/upstream/client.js';
import type { OperationId } from '../../src/datasources/upstream/operations.js';
import { consentUnauthenticated } from '../../src/errors.js';

const PERSON: CreditReportJobInput = {
  nationalId: '1234000830',
  mobile: '09121234567',
  format: 'JSON',
  authorizedBy: 'PERSON',
  consentKey: 'consent-key',
};
const CLIENT: CreditReportJobInput = { ...PERSON, authorizedBy: 'CLIENT', consentKey: null };
const PDF: CreditReportJobInput = { ...PERSON, format: 'PDF' };

interface Sent {
  readonly operationId: OperationId;
  readonly options: AccessOptions;
  /** The consent key it was sent under; null for the client's own access. */
  readonly consent: string | null;
}

/**
 * An upstream answering every call with `answer` (or, when it is a function, failing with what it throws),
 * recording what was sent and under whom.
 */
function fakeUpstream(answer: unknown): { upstream: JobUpstream; sent: Sent[] } {
  const sent: Sent[] = [];
  const reply = (consent: string | null) => async (operationId: OperationId, options: AccessOptions) => {
    sent.push({ operationId, options, consent });
    if (typeof answer === 'function') (answer as () => never)();
    return { result: answer, trackId: 'track-1' } satisfies UpstreamResult;
  };
  return { upstream: { send: reply(null), underConsent: (key) => ({ send: reply(key) }) }, sent };
}

describe('creditReportJob.submit', () => {
  it('sends the person’s submission under the job’s consent and gives the assessmentId', async () => {
    const { upstream, sent } = fakeUpstream({ assessmentId: 'a-1', status: 'PENDING' });
    await expect(creditReportJob.submit(upstream, PERSON)).resolves.toBe('a-1');
    expect(sent).toEqual([
      {
        operationId: 'credit_v2_clients_clientId_assessmentSubmit_json_post_submit_post',
        options: { body: { nationalCode: PERSON.nationalId, mobile: PERSON.mobile }, subject: PERSON.nationalId },
        consent: 'consent-key',
      },
    ]);
  });

  it('sends the PDF submission for a PDF, and the client’s submission under its own access', async () => {
    const { upstream, sent } = fakeUpstream({ assessmentId: 'a-1' });
    await creditReportJob.submit(upstream, PDF);
    await creditReportJob.submit(upstream, CLIENT);
    expect(sent.map((s) => [s.operationId, s.consent])).toEqual([
      ['credit_v2_clients_clientId_assessmentSubmit_pdf_post_submit_post', 'consent-key'],
      ['creditCcAssessmentSubmitJsonPost', null],
    ]);
  });

  it('reads an answer without an assessmentId as malformed', async () => {
    const { upstream } = fakeUpstream({ status: 'PENDING' });
    await expect(creditReportJob.submit(upstream, PERSON)).rejects.toMatchObject({
      details: { code: 'UPSTREAM_UNAVAILABLE', trackId: 'track-1' },
      message: expect.stringContaining('result.assessmentId'),
    });
  });

  it('refuses to run a consent’s job on an engine that keeps no consents', async () => {
    const { upstream } = fakeUpstream({ assessmentId: 'a-1' });
    await expect(creditReportJob.submit({ send: upstream.send }, PERSON)).rejects.toThrow(/keeps no consents/);
  });
});

describe('creditReportJob.poll', () => {
  it('asks by assessmentId under the same authority as the submission', async () => {
    const { upstream, sent } = fakeUpstream({ assessmentId: 'a-1', status: 'PENDING' });
    await expect(creditReportJob.poll(upstream, 'a-1', PERSON)).resolves.toEqual({ status: 'PENDING' });
    await creditReportJob.poll(upstream, 'a-1', CLIENT);
    expect(sent.map((s) => [s.operationId, s.options.query, s.consent])).toEqual([
      ['credit_v2_clients_clientId_assessmentInquiry_get_inquiry_get', { assessmentId: 'a-1' }, 'consent-key'],
      ['creditCcAssessmentInquiryGet', { assessmentId: 'a-1' }, null],
    ]);
  });

  it('reads a JSON report leniently: numbers as text, a grade in lower case, absent lists as empty', async () => {
    const { upstream } = fakeUpstream({
      status: 'SUCCESS',
      data: { nationalCode: '1234000830', name: 'علی', score: '712', riskGrade: 'a', facilityTotalAmount: '100' },
    });
    await expect(creditReportJob.poll(upstream, 'a-1', PERSON)).resolves.toEqual({
      status: 'SUCCESS',
      result: {
        format: 'JSON',
        report: {
          nationalId: '1234000830',
          name: 'علی',
          score: 712,
          riskGrade: 'A',
          facilities: expect.objectContaining({ totalAmount: '100', facilities: [] }),
          bouncedCheques: { name: 'علی', cheques: [] },
        },
      },
    });
  });

  it('reads a grade it does not know as null, and a score that is not a whole number as malformed', async () => {
    const unknownGrade = fakeUpstream({ status: 'SUCCESS', data: { score: 600, riskGrade: 'Z' } });
    const outcome = await creditReportJob.poll(unknownGrade.upstream, 'a-1', PERSON);
    expect(outcome).toMatchObject({ result: { report: { score: 600, riskGrade: null } } });
    const badScore = fakeUpstream({ status: 'SUCCESS', data: { score: 'high' } });
    await expect(creditReportJob.poll(badScore.upstream, 'a-1', PERSON)).rejects.toMatchObject({
      message: expect.stringContaining('result.data.score'),
    });
  });

  it('reads a PDF report as its base64 bytes, type and size', async () => {
    const file = Buffer.from('%PDF-1.4 tiny').toString('base64');
    const { upstream } = fakeUpstream({
      status: 'SUCCESS',
      data: { fileName: 'r.pdf', contentType: 'application/pdf', file },
    });
    await expect(creditReportJob.poll(upstream, 'a-1', PDF)).resolves.toEqual({
      status: 'SUCCESS',
      result: {
        format: 'PDF',
        document: { fileName: 'r.pdf', contentType: 'application/pdf', base64: file, size: 13 },
      },
    });
  });

  it('reads a PDF report without its file, or with a file that is not base64, as malformed', async () => {
    for (const [data, path] of [
      [{ contentType: 'application/pdf' }, 'result.data.file'],
      [{ file: 'not base64!' }, 'result.data.file'],
    ] as const) {
      const { upstream } = fakeUpstream({ status: 'SUCCESS', data });
      await expect(creditReportJob.poll(upstream, 'a-1', PDF)).rejects.toMatchObject({
        details: { code: 'UPSTREAM_UNAVAILABLE' },
        message: expect.stringContaining(path),
      });
    }
  });

  it('reads FAILED with the bureau’s code, and without one as UNKNOWN', async () => {
    const failed = fakeUpstream({ status: 'FAILED', error: { code: '40318', message: 'not theirs' } });
    await expect(creditReportJob.poll(failed.upstream, 'a-1', PERSON)).resolves.toEqual({
      status: 'FAILED',
      failure: { code: '40318', message: 'not theirs' },
    });
    const bare = fakeUpstream({ status: 'FAILED', error: '' });
    await expect(creditReportJob.poll(bare.upstream, 'a-1', PERSON)).resolves.toMatchObject({
      failure: { code: 'UNKNOWN' },
    });
  });

  it('reads a status it does not know as malformed', async () => {
    const { upstream } = fakeUpstream({ status: 'DONE' });
    await expect(creditReportJob.poll(upstream, 'a-1', PERSON)).rejects.toMatchObject({
      details: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  });

  it('ends the job with CONSENT_ENDED once the consent is gone', async () => {
    const { upstream } = fakeUpstream(() => {
      throw consentUnauthenticated();
    });
    await expect(creditReportJob.poll(upstream, 'a-1', PERSON)).resolves.toMatchObject({
      status: 'FAILED',
      failure: { code: 'CONSENT_ENDED' },
    });
  });
});
