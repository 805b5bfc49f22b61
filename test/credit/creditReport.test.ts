/** The credit report in two steps, end to end over GraphQL: started, followed over graphql-ws, read by id. */
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CREDIT_SAMPLES, DEAD, assessmentOf, bouncedChequesOf, facilitiesOf, personOf } from '../fixtures/sandbox.js';
import { errorCode, smsConsent, withHandle } from '../consent/support.js';
import { eventually } from '../helpers/eventually.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, firstError } from '../helpers/responses.js';
import { collect } from '../helpers/subscriptions.js';

const SUBMIT_JSON_SCOPE = 'credit:assessment-submit-json:post';
const SUBMIT_PDF_SCOPE = 'credit:assessment-submit-pdf:post';
const INQUIRY_SCOPE = 'credit:assessment-inquiry:get';
const REPORT_SCOPES = [SUBMIT_JSON_SCOPE, SUBMIT_PDF_SCOPE, INQUIRY_SCOPE];

const PERSON_JSON = 'credit_v2_clients_clientId_assessmentSubmit_json_post_submit_post';
const PERSON_PDF = 'credit_v2_clients_clientId_assessmentSubmit_pdf_post_submit_post';
const PERSON_INQUIRY = 'credit_v2_clients_clientId_assessmentInquiry_get_inquiry_get';
const CLIENT_JSON = 'creditCcAssessmentSubmitJsonPost';
const CLIENT_INQUIRY = 'creditCcAssessmentInquiryGet';

const borrower = personOf(CREDIT_SAMPLES.borrower.nationalId);
const guarantor = personOf(CREDIT_SAMPLES.cleanGuarantor.nationalId);

const h = useHarness({ sandbox: { asyncDelayMs: 150 } });
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
});

let borrowerHandle: string;
let guarantorHandle: string;
beforeAll(async () => {
  borrowerHandle = await smsConsent(h.gql, borrower.nationalId, REPORT_SCOPES);
  guarantorHandle = await smsConsent(h.gql, guarantor.nationalId, REPORT_SCOPES);
});

const START = `mutation($input: CreditReportInput!) {
  startCreditReport(input: $input) { id status failure { code } request { nationalId format authorizedBy } report { score } file { size } }
}`;

const FIELDS = `__typename id status createdAt updatedAt failure { code message }
  ... on CreditReportJob {
    request { nationalId format authorizedBy }
    report {
      nationalId name score riskGrade
      facilities { name totalAmount debtAmount pastDueAmount deferredAmount doubtfulAmount dishonoured
        facilities { bank { code } requestNumber contractTypeCode originalAmount debtAmount setDate { jalali } } }
      bouncedCheques { name cheques { amount chequeId bounceDate { jalali } } }
    }
    file { contentType fileName size base64 }
  }`;
const JOB = `query($id: ID!) { job(id: $id) { ${FIELDS} } }`;
const SUBSCRIBE = `subscription($id: ID!) { jobUpdated(id: $id) { ${FIELDS} } }`;

interface ReportJob {
  __typename: string;
  id: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  failure: { code: string; message: string } | null;
  request: { nationalId: string; format: string; authorizedBy: string };
  report: {
    nationalId: string;
    name: string;
    score: number;
    riskGrade: string;
    facilities: { totalAmount: string; dishonoured: boolean; facilities: Array<{ requestNumber: string }> };
    bouncedCheques: { cheques: Array<{ amount: string; chequeId: string }> };
  } | null;
  file: { contentType: string; fileName: string | null; size: number; base64: string } | null;
}

function wsClient(consentHandle?: string): Client {
  const client = createClient({
    url: h.server.url.replace('http', 'ws'),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    ...(consentHandle && { connectionParams: { consentHandle } }),
  });
  clients.push(client);
  return client;
}

async function start(input: Record<string, unknown>, handle?: string): Promise<string> {
  const res = await h.gql<{ startCreditReport: { id: string; status: string } }>(
    START,
    { input },
    handle ? withHandle(handle) : undefined,
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  expect(dataOf(res).startCreditReport.status).toBe('PENDING');
  return dataOf(res).startCreditReport.id;
}

async function finished(id: string, handle?: string): Promise<ReportJob> {
  return eventually(async () => {
    const res = await h.gql<{ job: ReportJob | null }>(JOB, { id }, handle ? withHandle(handle) : undefined);
    expect(res.errors).toBeUndefined();
    const job = dataOf(res).job;
    return job && job.status !== 'PENDING' ? job : undefined;
  });
}

describe('startCreditReport under the person’s consent', () => {
  it('streams PENDING then SUCCESS over graphql-ws with the report the world gives, and completes', async () => {
    h.sandbox.setAsyncDelay(500);
    const id = await start({ nationalId: borrower.nationalId, mobile: borrower.mobile }, borrowerHandle).finally(() =>
      h.sandbox.setAsyncDelay(150),
    );
    const { events, error } = await collect<{ jobUpdated: ReportJob }>(wsClient(borrowerHandle), SUBSCRIBE, { id });
    expect(error).toBeUndefined();
    expect(events.map((event) => event.jobUpdated.status)).toEqual(['PENDING', 'SUCCESS']);
    const job = at(events, 1).jobUpdated;
    const world = assessmentOf(borrower.nationalId);
    expect(job).toMatchObject({
      __typename: 'CreditReportJob',
      id,
      failure: null,
      file: null,
      request: { nationalId: borrower.nationalId, format: 'JSON', authorizedBy: 'PERSON' },
      report: { nationalId: borrower.nationalId, score: world.score, riskGrade: world.grade },
    });
    const facilities = facilitiesOf(borrower.nationalId);
    expect(job.report?.facilities.facilities.map((f) => f.requestNumber)).toEqual(facilities.map((f) => f.requestNo));
    expect(job.report?.facilities.totalAmount).toBe(String(facilities.reduce((t, f) => t + Number(f.original), 0)));
    expect(job.report?.facilities.dishonoured).toBe(CREDIT_SAMPLES.borrower.dishonoured);
    expect(job.report?.bouncedCheques.cheques.map((c) => c.chequeId)).toEqual(
      bouncedChequesOf(borrower.nationalId).map((c) => c.id),
    );

    const submit = at(h.upstreamCalls(PERSON_JSON), 0);
    expect(submit.body).toEqual({ nationalCode: borrower.nationalId, mobile: borrower.mobile });
    expect(submit.tokenUserId).toBe(borrower.nationalId);
    const polls = h.upstreamCalls(PERSON_INQUIRY);
    expect(polls.length).toBeGreaterThan(0);
    expect(new Set(polls.map((call) => call.query['assessmentId'])).size).toBe(1);
    expect(polls.every((call) => call.tokenUserId === borrower.nationalId)).toBe(true);
  });

  it('is read by id through Query.job by a consent of the person, and by no one else', async () => {
    const id = await start({ nationalId: borrower.nationalId, mobile: borrower.mobile }, borrowerHandle);
    const job = await finished(id, borrowerHandle);
    expect(job).toMatchObject({ id, status: 'SUCCESS', report: { score: assessmentOf(borrower.nationalId).score } });
    expect(dataOf(await h.gql<{ job: unknown }>(JOB, { id })).job).toBeNull();
    expect(dataOf(await h.gql<{ job: unknown }>(JOB, { id }, withHandle(guarantorHandle))).job).toBeNull();
    const { events, errors } = await collect<{ jobUpdated: ReportJob }>(wsClient(guarantorHandle), SUBSCRIBE, { id });
    expect(events).toEqual([]);
    expect(errors.map((e) => e.extensions?.['code'])).toEqual(['NOT_FOUND']);
  });

  it('gives the PDF variant as a downloadable file: a valid PDF in base64 with its type and size', async () => {
    const id = await start(
      { nationalId: guarantor.nationalId, mobile: guarantor.mobile, format: 'PDF' },
      guarantorHandle,
    );
    const job = await finished(id, guarantorHandle);
    expect(job).toMatchObject({ status: 'SUCCESS', report: null, request: { format: 'PDF' } });
    const file = job.file!;
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toMatch(/\.pdf$/);
    const bytes = Buffer.from(file.base64, 'base64');
    expect(bytes.toString('base64')).toBe(file.base64);
    expect(file.size).toBe(bytes.length);
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain(`National id: ${guarantor.nationalId}`);
    expect(text).toContain(`Score: ${assessmentOf(guarantor.nationalId).score} of 900`);
    expect(h.upstreamCalls(PERSON_PDF)).toHaveLength(1);
    expect(h.upstreamCalls(PERSON_JSON)).toHaveLength(0);
  });

  it('fails the job with the bureau’s code when the mobile number is not the person’s', async () => {
    const other = borrower.mobile === '09120000000' ? '09120000001' : '09120000000';
    const id = await start({ nationalId: borrower.nationalId, mobile: other }, borrowerHandle);
    const job = await finished(id, borrowerHandle);
    expect(job).toMatchObject({ status: 'FAILED', report: null, file: null, failure: { code: '40318' } });
    expect(job.failure?.message).toMatch(/mobile/);
  });

  it('fails the job for a deceased person', async () => {
    const handle = await smsConsent(h.gql, DEAD.nationalId, REPORT_SCOPES);
    const id = await start({ nationalId: DEAD.nationalId, mobile: DEAD.mobile }, handle);
    const job = await finished(id, handle);
    expect(job).toMatchObject({ status: 'FAILED', failure: { code: '40319' } });
  });

  it('fails the job with CONSENT_ENDED when the consent is revoked before the report is ready', async () => {
    const handle = await smsConsent(h.gql, guarantor.nationalId, REPORT_SCOPES);
    h.sandbox.setAsyncDelay(60_000);
    try {
      const id = await start({ nationalId: guarantor.nationalId, mobile: guarantor.mobile }, handle);
      await eventually(() => (h.upstreamCalls(PERSON_INQUIRY).length > 0 ? true : undefined));
      const revoked = await h.gql('mutation { revokeConsent { __typename } }', {}, withHandle(handle));
      expect(revoked.errors).toBeUndefined();
      const job = await finished(id, guarantorHandle);
      expect(job).toMatchObject({ status: 'FAILED', failure: { code: 'CONSENT_ENDED' } });
    } finally {
      h.sandbox.setAsyncDelay(150);
    }
  });
});

describe('startCreditReport: the consent it needs', () => {
  const input = { nationalId: borrower.nationalId, mobile: borrower.mobile };

  it('fails with CONSENT_REQUIRED naming the scope without a consent, and sends nothing', async () => {
    const res = await h.gql(START, { input });
    expect(firstError(res)).toMatchObject({
      path: ['startCreditReport'],
      extensions: { code: 'CONSENT_REQUIRED', scope: SUBMIT_JSON_SCOPE, grant: 'authorization_sms' },
    });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('fails with FORBIDDEN for a consent of another person, and sends nothing', async () => {
    const res = await h.gql(START, { input }, withHandle(guarantorHandle));
    expect(errorCode(res)).toBe('FORBIDDEN');
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('asks for the inquiry’s scope too before submitting', async () => {
    const handle = await smsConsent(h.gql, borrower.nationalId, [SUBMIT_JSON_SCOPE]);
    h.sandbox.clearCalls();
    const res = await h.gql(START, { input }, withHandle(handle));
    expect(firstError(res).extensions).toMatchObject({ code: 'CONSENT_REQUIRED', scope: INQUIRY_SCOPE });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('asks for the PDF submission’s scope for a PDF', async () => {
    const handle = await smsConsent(h.gql, borrower.nationalId, [SUBMIT_JSON_SCOPE, INQUIRY_SCOPE]);
    h.sandbox.clearCalls();
    const res = await h.gql(START, { input: { ...input, format: 'PDF' } }, withHandle(handle));
    expect(firstError(res).extensions).toMatchObject({ code: 'CONSENT_REQUIRED', scope: SUBMIT_PDF_SCOPE });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

describe('startCreditReport under the client’s credential', () => {
  it('submits and fetches under client credentials, and shows the job to whoever holds its id', async () => {
    const id = await start({ nationalId: borrower.nationalId, mobile: borrower.mobile, authorizedBy: 'CLIENT' });
    const job = await finished(id);
    expect(job).toMatchObject({
      status: 'SUCCESS',
      request: { authorizedBy: 'CLIENT', format: 'JSON' },
      report: { score: assessmentOf(borrower.nationalId).score },
    });
    expect(h.upstreamCalls(CLIENT_JSON)).toHaveLength(1);
    expect(h.upstreamCalls(CLIENT_INQUIRY).length).toBeGreaterThan(0);
    expect(h.upstreamCalls(PERSON_JSON)).toHaveLength(0);
    expect(h.upstreamCalls(PERSON_INQUIRY)).toHaveLength(0);
    expect(h.upstreamCalls().every((call) => call.tokenUserId === undefined)).toBe(true);
  });
});

describe('startCreditReport: bad input', () => {
  it.each([
    [{ nationalId: '123', mobile: borrower.mobile }, 'input.nationalId'],
    [{ nationalId: '1234000831', mobile: borrower.mobile }, 'input.nationalId'],
    [{ nationalId: borrower.nationalId, mobile: '0912' }, 'input.mobile'],
    [
      { nationalId: borrower.nationalId, mobile: borrower.mobile, format: 'PDF', authorizedBy: 'CLIENT' },
      'input.authorizedBy',
    ],
  ])('refuses %j with BAD_USER_INPUT naming %s, and sends nothing', async (input, argumentPath) => {
    const res = await h.gql(START, { input }, withHandle(borrowerHandle));
    expect(firstError(res)).toMatchObject({
      path: ['startCreditReport'],
      extensions: { code: 'BAD_USER_INPUT', argumentPath },
    });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('accepts Persian digits and an international mobile number', async () => {
    const persian = borrower.nationalId.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const id = await start({ nationalId: persian, mobile: `+98${borrower.mobile.slice(1)}` }, borrowerHandle);
    expect(at(h.upstreamCalls(PERSON_JSON), 0).body).toEqual({
      nationalCode: borrower.nationalId,
      mobile: borrower.mobile,
    });
    await finished(id, borrowerHandle);
  });
});
