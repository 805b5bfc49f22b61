/** The sandbox's credit report in two steps: submit, then the inquiry by assessmentId until it settles. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { assessmentOf, assessmentPdf, riskGradeOf } from '../../sandbox/world/creditAssessment.js';
import { facilitiesOf, facilityTotals } from '../../sandbox/world/creditFacilities.js';
import { bouncedChequesOf } from '../../sandbox/world/creditCheques.js';
import { personOf } from '../../sandbox/world/persons.js';
import { CREDIT_SAMPLES } from '../../sandbox/world/creditSamples.js';
import { DEAD } from '../../sandbox/world/samples.js';
import { eventually } from '../helpers/eventually.js';
import { UUID, callOperation, errorOf, issueToken, resultOf, type Json, type JsonResponse } from './support.js';
import { issueSmsToken } from './worldSupport.js';

const DELAY_MS = 250;
const PERSON_JSON = 'credit_v2_clients_clientId_assessmentSubmit_json_post_submit_post';
const PERSON_PDF = 'credit_v2_clients_clientId_assessmentSubmit_pdf_post_submit_post';
const PERSON_INQUIRY = 'credit_v2_clients_clientId_assessmentInquiry_get_inquiry_get';
const CLIENT_JSON = 'creditCcAssessmentSubmitJsonPost';
const CLIENT_INQUIRY = 'creditCcAssessmentInquiryGet';
type Submission = typeof PERSON_JSON | typeof PERSON_PDF | typeof CLIENT_JSON;
type Inquiry = typeof PERSON_INQUIRY | typeof CLIENT_INQUIRY;

const borrower = personOf(CREDIT_SAMPLES.borrower.nationalId);
const other = personOf(CREDIT_SAMPLES.cleanGuarantor.nationalId);

let sandbox: Sandbox;
let clientToken: string;
const userTokens = new Map<string, string>();

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, asyncDelayMs: DELAY_MS });
  clientToken = (
    await issueToken(sandbox, ['credit:cc-assessment-submit-json:post', 'credit:cc-assessment-inquiry:get'])
  ).value;
  for (const nid of [borrower.nationalId, other.nationalId, DEAD.nationalId])
    userTokens.set(
      nid,
      await issueSmsToken(sandbox, nid, [
        'credit:assessment-submit-json:post',
        'credit:assessment-submit-pdf:post',
        'credit:assessment-inquiry:get',
      ]),
    );
});

afterAll(async () => {
  await sandbox.close();
});

const tokenOf = (asker: string | null): string => (asker === null ? clientToken : userTokens.get(asker)!);

const submit = (id: Submission, asker: string | null, body: unknown) =>
  callOperation(sandbox, id, { token: tokenOf(asker), body });
const inquire = (id: Inquiry, asker: string | null, assessmentId: string | undefined) =>
  callOperation(sandbox, id, { token: tokenOf(asker), query: { assessmentId } });

async function submitted(id: Submission, asker: string | null, nationalCode: string, mobile: string): Promise<string> {
  const result = resultOf(await submit(id, asker, { nationalCode, mobile }));
  expect(result).toEqual({ assessmentId: expect.stringMatching(UUID), status: 'PENDING' });
  return result['assessmentId'] as string;
}

async function settled(id: Inquiry, asker: string | null, assessmentId: string): Promise<Json> {
  const response = await eventually(async () => {
    const r: JsonResponse = await inquire(id, asker, assessmentId);
    return (resultOf(r)['status'] as string) !== 'PENDING' ? r : undefined;
  });
  return resultOf(response);
}

describe('assessment submission and inquiry (person)', () => {
  it('answers PENDING at once, then SUCCESS with the report the world gives', async () => {
    const assessmentId = await submitted(PERSON_JSON, borrower.nationalId, borrower.nationalId, borrower.mobile);
    expect(resultOf(await inquire(PERSON_INQUIRY, borrower.nationalId, assessmentId))).toEqual({
      assessmentId,
      status: 'PENDING',
    });
    const result = await settled(PERSON_INQUIRY, borrower.nationalId, assessmentId);
    const world = assessmentOf(borrower.nationalId);
    const totals = facilityTotals(facilitiesOf(borrower.nationalId));
    expect(result).toMatchObject({
      assessmentId,
      status: 'SUCCESS',
      data: {
        nationalCode: borrower.nationalId,
        score: world.score,
        riskGrade: world.grade,
        facilityTotalAmount: totals.total,
        dishonored: totals.dishonoured ? '1' : '',
      },
    });
    const data = result['data'] as { facilityList: Json[]; chequeList: Json[] };
    expect(data.facilityList).toHaveLength(facilitiesOf(borrower.nationalId).length);
    expect(data.chequeList.map((c) => c['id'])).toEqual(bouncedChequesOf(borrower.nationalId).map((c) => c.id));
  });

  it('gives the PDF variant as base64 of a valid PDF with its content type', async () => {
    const assessmentId = await submitted(PERSON_PDF, borrower.nationalId, borrower.nationalId, borrower.mobile);
    const result = await settled(PERSON_INQUIRY, borrower.nationalId, assessmentId);
    const data = result['data'] as Json;
    expect(data).toMatchObject({ nationalCode: borrower.nationalId, contentType: 'application/pdf' });
    const bytes = Buffer.from(data['file'] as string, 'base64');
    expect(bytes.equals(assessmentPdf(assessmentOf(borrower.nationalId), assessmentId))).toBe(true);
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    // The cross-reference table points at every object.
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + 7)).toBe(`${i + 1} 0 obj`));
  });

  it('fails the report when the mobile number is not the person’s, or the person is deceased', async () => {
    const wrong = await submitted(PERSON_JSON, borrower.nationalId, borrower.nationalId, other.mobile);
    expect(await settled(PERSON_INQUIRY, borrower.nationalId, wrong)).toEqual({
      assessmentId: wrong,
      status: 'FAILED',
      error: { code: '40318', message: expect.stringMatching(/mobile/) },
    });
    const dead = await submitted(PERSON_JSON, DEAD.nationalId, DEAD.nationalId, DEAD.mobile);
    expect(await settled(PERSON_INQUIRY, DEAD.nationalId, dead)).toMatchObject({
      status: 'FAILED',
      error: { code: '40319' },
    });
  });

  it('refuses a malformed body with 400 VALIDATION_ERROR', async () => {
    for (const [body, message] of [
      [{ mobile: borrower.mobile, nationalCode: '' }, 'nationalCode is required'],
      [{ nationalCode: '1234000831', mobile: borrower.mobile }, 'invalid nationalCode'],
      [{ nationalCode: borrower.nationalId }, 'mobile is required'],
      [{ nationalCode: borrower.nationalId, mobile: '0912' }, 'invalid mobile'],
      [{ nationalCode: 1234000830, mobile: borrower.mobile }, 'invalid body'],
    ] as const) {
      const response = await submit(CLIENT_JSON, null, body);
      expect(errorOf(response), JSON.stringify(body)).toEqual({ status: 400, code: 'VALIDATION_ERROR', message });
    }
  });

  it('refuses a submission about another person under a user token (403)', async () => {
    const response = await submit(PERSON_JSON, other.nationalId, {
      nationalCode: borrower.nationalId,
      mobile: borrower.mobile,
    });
    expect(errorOf(response)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('shows a report only to the token it was asked under; any other asker gets 404', async () => {
    const mine = await submitted(PERSON_JSON, borrower.nationalId, borrower.nationalId, borrower.mobile);
    expect(errorOf(await inquire(PERSON_INQUIRY, other.nationalId, mine))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(errorOf(await inquire(CLIENT_INQUIRY, null, mine)).status).toBe(404);
    expect(errorOf(await inquire(PERSON_INQUIRY, borrower.nationalId, 'no-such-assessment')).status).toBe(404);
    expect(errorOf(await inquire(PERSON_INQUIRY, borrower.nationalId, undefined))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('assessment under client credentials', () => {
  it('is submitted and fetched with the client’s token, and not by the person’s', async () => {
    const assessmentId = await submitted(CLIENT_JSON, null, borrower.nationalId, borrower.mobile);
    expect(errorOf(await inquire(PERSON_INQUIRY, borrower.nationalId, assessmentId)).status).toBe(404);
    const result = await settled(CLIENT_INQUIRY, null, assessmentId);
    expect(result).toMatchObject({ status: 'SUCCESS', data: { score: assessmentOf(borrower.nationalId).score } });
  });

  it('refuses the client’s token on the person’s inquiry', async () => {
    const response = await inquire(PERSON_INQUIRY, null, 'any');
    expect(response.status).toBe(401);
  });
});

describe('the world’s credit assessment', () => {
  it('is the same for the same person, and its grade is the score’s', () => {
    for (const nid of [borrower.nationalId, other.nationalId]) {
      const a = assessmentOf(nid);
      expect(assessmentOf(nid)).toEqual(a);
      expect(a.grade).toBe(riskGradeOf(a.score));
      expect(a.score).toBeGreaterThanOrEqual(100);
      expect(a.score).toBeLessThanOrEqual(900);
    }
    expect([
      riskGradeOf(900),
      riskGradeOf(700),
      riskGradeOf(699),
      riskGradeOf(500),
      riskGradeOf(400),
      riskGradeOf(399),
    ]).toEqual(['A', 'A', 'B', 'C', 'D', 'E']);
  });

  it('scores a record with late loans and bounced cheques below a clean one', () => {
    expect(assessmentOf(borrower.nationalId).score).toBeLessThan(assessmentOf(other.nationalId).score);
  });
});
