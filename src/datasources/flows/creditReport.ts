/**
 * The credit report in two steps as a job: submitted once (`assessmentSubmit/json` or `/pdf` under the
 * person's SMS consent, `ccAssessmentSubmit/json` under the client's credential), then asked for by its
 * `assessmentId` until the bureau has the report or says why not. The inquiry runs under the same
 * authority as the submission: a report asked under a consent is polled under that consent, which the
 * job names by its key (never its handle) and the engine resolves for each poll; once the consent is
 * revoked or has expired the job fails with `CONSENT_ENDED`.
 */
import { GraphQLError } from 'graphql';
import { ErrorCode } from '../../errors.js';
import {
  AssessmentDocumentAnswer,
  AssessmentReportAnswer,
  AssessmentSubmitAnswer,
  base64Size,
  bouncedChequeReportOf,
  facilityReportOf,
} from '../records/credit.js';
import type { UpstreamAccess } from '../shared/requestUpstream.js';
import { decode, malformedAnswer } from '../shared/shapes.js';
import type { CreditReportOrder, CreditReportResult } from '../types/credit.js';
import type { UpstreamResult } from '../upstream/client.js';
import type { OperationId } from '../upstream/operations.js';
import type { JobFailure, JobKind, JobRecord, JobUpstream, PollOutcome } from './port.js';

/** What a credit report job keeps: the order and, when asked under a consent, the consent's key. */
export interface CreditReportJobInput extends CreditReportOrder {
  /** The key (digest of the handle) of the consent it was asked under; null under the client's credential. */
  readonly consentKey: string | null;
}

const PERSON_JSON = 'credit_v2_clients_clientId_assessmentSubmit_json_post_submit_post';
const PERSON_PDF = 'credit_v2_clients_clientId_assessmentSubmit_pdf_post_submit_post';
const CLIENT_JSON = 'creditCcAssessmentSubmitJsonPost';
const PERSON_INQUIRY = 'credit_v2_clients_clientId_assessmentInquiry_get_inquiry_get';
const CLIENT_INQUIRY = 'creditCcAssessmentInquiryGet';

/** The submission of an order; null for a PDF under the client's credential, which the upstream has not. */
export function submissionOf(order: Pick<CreditReportOrder, 'format' | 'authorizedBy'>): OperationId | null {
  if (order.authorizedBy === 'CLIENT') return order.format === 'JSON' ? CLIENT_JSON : null;
  return order.format === 'JSON' ? PERSON_JSON : PERSON_PDF;
}

/** The inquiry that fetches an order's report: under the same authority as its submission. */
export const inquiryOf = (order: Pick<CreditReportOrder, 'authorizedBy'>): OperationId =>
  order.authorizedBy === 'CLIENT' ? CLIENT_INQUIRY : PERSON_INQUIRY;

/** The upstream access of a job: under the consent it was asked under, else the client's own. */
function accessOf(upstream: JobUpstream, input: CreditReportJobInput): Pick<UpstreamAccess, 'send'> {
  if (input.consentKey === null) return upstream;
  if (!upstream.underConsent) throw new Error('this job engine keeps no consents');
  return upstream.underConsent(input.consentKey);
}

const CONSENT_ERRORS: ReadonlySet<unknown> = new Set([
  ErrorCode.Unauthenticated,
  ErrorCode.ConsentRequired,
  ErrorCode.Forbidden,
]);

const CONSENT_ENDED: JobFailure = {
  code: 'CONSENT_ENDED',
  message: 'The consent the report was asked under was revoked or has expired before the report was ready.',
};

function readReport(operationId: OperationId, answer: UpstreamResult, format: CreditReportOrder['format']) {
  if (format === 'PDF') {
    const r = decode(operationId, answer, AssessmentDocumentAnswer);
    if (r.status !== 'SUCCESS') return r;
    const { file, fileName, contentType } = r.data;
    if (file === null) throw malformedAnswer(operationId, answer, 'result.data.file');
    const result: CreditReportResult = {
      format: 'PDF',
      document: { fileName, contentType: contentType ?? 'application/pdf', base64: file, size: base64Size(file) },
    };
    return { status: 'SUCCESS' as const, result };
  }
  const r = decode(operationId, answer, AssessmentReportAnswer);
  if (r.status !== 'SUCCESS') return r;
  const report = r.data;
  const result: CreditReportResult = {
    format: 'JSON',
    report: {
      nationalId: report.nationalCode,
      name: report.name,
      score: report.score,
      riskGrade: report.riskGrade,
      facilities: facilityReportOf(report),
      bouncedCheques: bouncedChequeReportOf(report),
    },
  };
  return { status: 'SUCCESS' as const, result };
}

export const CREDIT_REPORT = 'creditReport';

export type CreditReportJobRecord = JobRecord<typeof CREDIT_REPORT, CreditReportJobInput, CreditReportResult>;

export const creditReportJob: JobKind<CreditReportJobInput, CreditReportResult, typeof CREDIT_REPORT> = {
  name: CREDIT_REPORT,

  async submit(upstream, input) {
    const operationId = submissionOf(input);
    if (operationId === null) throw new Error(`no submission of a ${input.format} report by ${input.authorizedBy}`);
    const answer = await accessOf(upstream, input).send(operationId, {
      body: { nationalCode: input.nationalId, mobile: input.mobile },
      subject: input.nationalId,
    });
    const { assessmentId } = decode(operationId, answer, AssessmentSubmitAnswer);
    if (assessmentId === null) throw malformedAnswer(operationId, answer, 'result.assessmentId');
    return assessmentId;
  },

  async poll(upstream, assessmentId, input): Promise<PollOutcome<CreditReportResult>> {
    const operationId = inquiryOf(input);
    let answer: UpstreamResult;
    try {
      answer = await accessOf(upstream, input).send(operationId, {
        query: { assessmentId },
        subject: input.nationalId,
      });
    } catch (error) {
      // The consent is gone: asking again will not bring it back.
      if (error instanceof GraphQLError && CONSENT_ERRORS.has(error.extensions['code'])) {
        return { status: 'FAILED', failure: CONSENT_ENDED };
      }
      throw error;
    }
    const outcome = readReport(operationId, answer, input.format);
    switch (outcome.status) {
      case 'PENDING':
        return { status: 'PENDING' };
      case 'SUCCESS':
        return outcome;
      case 'FAILED':
        return {
          status: 'FAILED',
          failure: {
            code: outcome.error?.code ?? 'UNKNOWN',
            message: outcome.error?.message ?? 'The upstream could not make the credit report.',
          },
        };
    }
  },
};
