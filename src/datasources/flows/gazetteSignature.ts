/**
 * The official-gazette signature verification as a job: submitted once, then polled by its requestId
 * until the upstream says whether the person's signature binds the company, or why it cannot say. The
 * job engine calls it outside any request.
 */
import { GazetteSignatureResultAnswer, GazetteSignatureSubmitAnswer } from '../records/companies.js';
import { decode, malformedAnswer } from '../shared/shapes.js';
import type { GazetteSignatureQuery, GazetteSignatureRecord } from '../types/companies.js';
import type { JobKind, JobRecord, PollOutcome } from './port.js';

const SUBMIT = 'kybGazetteSignatureVerificationSubmitPost';
const RESULT = 'kybGazetteSignatureVerificationResultGet';

export const GAZETTE_SIGNATURE = 'gazetteSignature';

export type GazetteSignatureJobRecord = JobRecord<
  typeof GAZETTE_SIGNATURE,
  GazetteSignatureQuery,
  GazetteSignatureRecord
>;

export const gazetteSignatureJob: JobKind<GazetteSignatureQuery, GazetteSignatureRecord, typeof GAZETTE_SIGNATURE> = {
  name: GAZETTE_SIGNATURE,

  async submit(upstream, query) {
    const answer = await upstream.send(SUBMIT, { body: { companyId: query.companyId, nationalId: query.nationalId } });
    const { requestId } = decode(SUBMIT, answer, GazetteSignatureSubmitAnswer);
    if (requestId === null) throw malformedAnswer(SUBMIT, answer, 'result.requestId');
    return requestId;
  },

  async poll(upstream, requestId): Promise<PollOutcome<GazetteSignatureRecord>> {
    const answer = await upstream.send(RESULT, { query: { requestId } });
    const r = decode(RESULT, answer, GazetteSignatureResultAnswer);
    switch (r.status) {
      case 'PENDING':
        return { status: 'PENDING' };
      case 'SUCCESS': {
        const { isVerified, signatureType, positionName, newsId, newspaperDate, newspaperNumber } = r.data;
        if (isVerified === null) throw malformedAnswer(RESULT, answer, 'result.data.isVerified');
        return {
          status: 'SUCCESS',
          result: {
            verdict: isVerified ? 'VERIFIED' : 'NOT_VERIFIED',
            signatureKind: isVerified ? signatureType : null,
            position: positionName,
            noticeId: newsId,
            noticePublishedOn: newspaperDate,
            newspaperNumber,
          },
        };
      }
      case 'FAILED':
        return {
          status: 'FAILED',
          failure: {
            code: r.error?.code ?? 'UNKNOWN',
            message: r.error?.message ?? 'The upstream could not verify the signature.',
          },
        };
    }
  },
};
