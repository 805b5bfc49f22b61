/**
 * The credit report in two steps (designed; see the catalog notes): a submission answers at once with an
 * `assessmentId` and `PENDING`; the inquiry by that id answers `PENDING` for the configured delay, then
 * `SUCCESS` with the report (`data`) or `FAILED` with why (`error { code, message }`), like the
 * asynchronous bill inquiry. The report is drawn from the world's records of the person; what makes it
 * fail is known at submission (a mobile number that is not the person's, a deceased person) but, as
 * upstream, told only by the inquiry. A report is seen only through the channel it was asked on: one
 * asked under a person's consent by that person's token, one asked under client credentials by the
 * client's; any other asker is told there is no such report (404).
 */
import { randomUUID } from 'node:crypto';
import { validationError } from '../envelopes.js';
import { jsonObject, stringField } from '../requestBody.js';
import { isMobileFormat } from '../validation.js';
import { isValidNationalId } from '../world/checks.js';
import { assessmentOf, assessmentPdf, assessmentTotals } from '../world/creditAssessment.js';
import { personOf } from '../world/persons.js';
import { chequeItem, facilityItem } from './credit.js';
import { done, fail, type OperationHandler } from './types.js';

export type AssessmentFormat = 'json' | 'pdf';
/** Who asked: a person's consent (their national id) or the client itself. */
type Channel = { readonly kind: 'person'; readonly nationalId: string } | { readonly kind: 'client' };

type Settled =
  | { readonly status: 'SUCCESS'; readonly data: Record<string, unknown> }
  | { readonly status: 'FAILED'; readonly error: { readonly code: string; readonly message: string } };

interface Assessment {
  readonly channel: Channel;
  readonly readyAt: number;
  readonly outcome: Settled;
}

/** Designed failure codes of a report, told by the inquiry. */
export const ASSESSMENT_FAILURES = {
  mobileMismatch: { code: '40318', message: 'the mobile number is not registered to this national code' },
  deceased: { code: '40319', message: 'no credit report is made for a deceased person' },
} as const;

const invalid = (message: string) => fail(validationError(message));
const notFound = () => fail({ status: 404, code: 'NOT_FOUND', message: 'assessment not found' });

export class CreditAssessments {
  private readonly assessments = new Map<string, Assessment>();

  constructor(private readonly delayMs: () => number) {}

  /** Step 1: under a person's consent (`user` is set) or, for `ccAssessmentSubmit`, the client's credential. */
  submit(format: AssessmentFormat): OperationHandler {
    return ({ body, now, user }) => {
      const fields = jsonObject(body);
      if (!fields) return invalid('invalid body');
      const nationalCode = stringField(fields, 'nationalCode');
      const mobile = stringField(fields, 'mobile');
      if (!nationalCode.ok || !mobile.ok) return invalid('invalid body');
      if (!nationalCode.value) return invalid('nationalCode is required');
      if (!isValidNationalId(nationalCode.value)) return invalid('invalid nationalCode');
      if (!mobile.value) return invalid('mobile is required');
      if (!isMobileFormat(mobile.value)) return invalid('invalid mobile');
      const assessmentId = randomUUID();
      const channel: Channel = user === undefined ? { kind: 'client' } : { kind: 'person', nationalId: user };
      const outcome = settle(nationalCode.value, mobile.value, format, assessmentId);
      this.assessments.set(assessmentId, { channel, readyAt: now + this.delayMs(), outcome });
      return done({ assessmentId, status: 'PENDING' });
    };
  }

  /** Step 2, by `assessmentId`: the person's inquiry or, for `ccAssessmentInquiry`, the client's. */
  readonly inquiry: OperationHandler = ({ query, now, user }) => {
    const assessmentId = query['assessmentId'];
    if (!assessmentId) return invalid('assessmentId is required');
    const assessment = this.assessments.get(assessmentId);
    if (!assessment) return notFound();
    const { channel } = assessment;
    const sameAsker = channel.kind === 'client' ? user === undefined : user === channel.nationalId;
    if (!sameAsker) return notFound();
    if (now < assessment.readyAt) return done({ assessmentId, status: 'PENDING' });
    return done({ assessmentId, ...assessment.outcome });
  };
}

function settle(nationalId: string, mobile: string, format: AssessmentFormat, assessmentId: string): Settled {
  const person = personOf(nationalId);
  if (!person.alive) return { status: 'FAILED', error: ASSESSMENT_FAILURES.deceased };
  if (person.mobile !== mobile) return { status: 'FAILED', error: ASSESSMENT_FAILURES.mobileMismatch };
  const assessment = assessmentOf(nationalId);
  if (format === 'pdf') {
    const file = assessmentPdf(assessment, assessmentId);
    return {
      status: 'SUCCESS',
      data: {
        nationalCode: nationalId,
        fileName: `credit-report-${assessmentId}.pdf`,
        contentType: 'application/pdf',
        file: file.toString('base64'),
      },
    };
  }
  const totals = assessmentTotals(assessment);
  return {
    status: 'SUCCESS',
    data: {
      nationalCode: nationalId,
      name: assessment.name,
      score: assessment.score,
      riskGrade: assessment.grade,
      facilityTotalAmount: totals.total,
      facilityDebtTotalAmount: totals.debt,
      facilityPastExpiredTotalAmount: totals.pastDue,
      facilityDeferredTotalAmount: totals.deferred,
      facilitySuspiciousTotalAmount: totals.doubtful,
      dishonored: totals.dishonoured ? '1' : '',
      facilityList: assessment.facilities.map(facilityItem),
      chequeList: assessment.bouncedCheques.map(chequeItem),
    },
  };
}
