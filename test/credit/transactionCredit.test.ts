/** The transaction credit inquiry over GraphQL: start (a code is texted), verify with the code, the report. */
import { describe, expect, it } from 'vitest';
import {
  personOf,
  SANDBOX_OTP,
  transactionCreditMessage,
  TRANSACTION_CREDIT_SAMPLES,
  transactionCreditOf,
} from '../fixtures/sandbox.js';
import { useHarness, type Harness } from '../helpers/harness.js';
import { at, dataOf, extensionsOf, firstError, partialDataOf } from '../helpers/responses.js';

const START = `mutation($n: String!, $m: String!) {
  startTransactionCreditInquiry(input: { nationalId: $n, mobile: $m }) { checkId expiresAt }
}`;
const VERIFY = `mutation($c: ID!, $o: String!) {
  verifyTransactionCreditInquiry(input: { checkId: $c, otp: $o }) {
    __typename
    ... on TransactionCreditInquiryVerified { inquiryId report { inquiryId verdict message } }
    ... on TransactionCreditCodeRejected { code reason attemptsLeft message }
  }
}`;
const REPORT = `query($i: ID!) { transactionCreditReport(inquiryId: $i) { inquiryId verdict message } }`;

interface Report {
  inquiryId: string;
  verdict: string;
  message: string | null;
}
interface Verified {
  __typename: 'TransactionCreditInquiryVerified';
  inquiryId: string;
  report: Report | null;
}
interface Rejected {
  __typename: 'TransactionCreditCodeRejected';
  code: string;
  reason: string;
  attemptsLeft: number | null;
  message: string;
}

async function start(h: Harness, nationalId: string, mobile = personOf(nationalId).mobile) {
  const res = await h.gql<{ startTransactionCreditInquiry: { checkId: string; expiresAt: string } }>(START, {
    n: nationalId,
    m: mobile,
  });
  return dataOf(res).startTransactionCreditInquiry;
}

async function verify(h: Harness, checkId: string, otp: string): Promise<Verified | Rejected> {
  const res = await h.gql<{ verifyTransactionCreditInquiry: Verified | Rejected }>(VERIFY, { c: checkId, o: otp });
  return dataOf(res).verifyTransactionCreditInquiry;
}

describe('transaction credit inquiry', () => {
  const h = useHarness({ sandbox: { otpLifetimeMs: 60_000 } });

  it('texts the person a code, verifies it and reports the verdict', async () => {
    const nationalId = TRANSACTION_CREDIT_SAMPLES.clean;
    const before = Date.now();
    const { checkId, expiresAt } = await start(h, nationalId);
    const request = at(h.upstreamCalls('kycTransactionCreditInquiryRequestGet'), 0);
    expect(request.query).toMatchObject({ nationalCode: nationalId, mobile: personOf(nationalId).mobile });
    expect(Date.parse(expiresAt) - before).toBeGreaterThanOrEqual(180_000);

    const outcome = await verify(h, checkId, SANDBOX_OTP);
    const verifyCall = at(h.upstreamCalls('kycTransactionCreditInquiryVerifyPost'), 0);
    expect(verifyCall.body).toEqual({ otp: SANDBOX_OTP, nationalCode: nationalId });
    expect(outcome).toEqual({
      __typename: 'TransactionCreditInquiryVerified',
      inquiryId: verifyCall.trackId,
      report: {
        inquiryId: verifyCall.trackId,
        verdict: 'NO_NEGATIVE_RECORD',
        message: transactionCreditMessage('NO_NEGATIVE_RECORD', nationalId),
      },
    });
    expect(at(h.upstreamCalls('kycTransactionCreditInquiryReportGet'), 0).query).toMatchObject({
      inquiryTrackId: verifyCall.trackId,
    });

    // Read again by its id; the code, spent, is not taken twice.
    const again = await h.gql<{ transactionCreditReport: Report | null }>(REPORT, { i: verifyCall.trackId });
    expect(dataOf(again).transactionCreditReport).toMatchObject({ verdict: 'NO_NEGATIVE_RECORD' });
    expect(await verify(h, checkId, SANDBOX_OTP)).toMatchObject({
      __typename: 'TransactionCreditCodeRejected',
      reason: 'NO_PENDING_CODE',
    });
  });

  it.each(Object.entries(TRANSACTION_CREDIT_SAMPLES))(
    'reads the verdict of the %s sample',
    async (_name, nationalId) => {
      const { checkId } = await start(h, nationalId);
      const outcome = await verify(h, checkId, SANDBOX_OTP);
      expect(outcome).toMatchObject({
        __typename: 'TransactionCreditInquiryVerified',
        report: { verdict: transactionCreditOf(nationalId).kind, message: transactionCreditOf(nationalId).message },
      });
    },
  );

  it('counts wrong codes, then refuses the code as spent', async () => {
    const { checkId } = await start(h, TRANSACTION_CREDIT_SAMPLES.banned);
    expect(await verify(h, checkId, '99999')).toMatchObject({
      __typename: 'TransactionCreditCodeRejected',
      code: 'INVALID_OTP',
      reason: 'INVALID_OTP',
      attemptsLeft: 2,
    });
    expect(await verify(h, checkId, '99998')).toMatchObject({ reason: 'INVALID_OTP', attemptsLeft: 1 });
    expect(await verify(h, checkId, '99997')).toMatchObject({ reason: 'TOO_MANY_ATTEMPTS', attemptsLeft: 0 });
    // The right code comes too late: this code is spent.
    expect(await verify(h, checkId, SANDBOX_OTP)).toMatchObject({ reason: 'NO_PENDING_CODE', attemptsLeft: null });
    expect(h.upstreamCalls('kycTransactionCreditInquiryReportGet')).toHaveLength(0);
  });

  it('takes the right code after a wrong one', async () => {
    const { checkId } = await start(h, TRANSACTION_CREDIT_SAMPLES.insolvent);
    expect(await verify(h, checkId, '11111')).toMatchObject({ reason: 'INVALID_OTP', attemptsLeft: 2 });
    expect(await verify(h, checkId, SANDBOX_OTP)).toMatchObject({
      __typename: 'TransactionCreditInquiryVerified',
      report: { verdict: 'INSOLVENCY_RECORD' },
    });
  });

  it('keeps the verified inquiry when its report fails, to be read again', async () => {
    const nationalId = TRANSACTION_CREDIT_SAMPLES.unexecutedConviction;
    const { checkId } = await start(h, nationalId);
    h.sandbox.injectFault({ operationId: 'kycTransactionCreditInquiryReportGet', status: 503, times: Infinity });
    const res = await h.gql<{ verifyTransactionCreditInquiry: Verified }>(VERIFY, { c: checkId, o: SANDBOX_OTP });
    const verified = partialDataOf(res).verifyTransactionCreditInquiry;
    expect(verified).toMatchObject({ __typename: 'TransactionCreditInquiryVerified', report: null });
    expect(firstError(res).path).toEqual(['verifyTransactionCreditInquiry', 'report']);
    h.sandbox.clearFaults();
    const again = await h.gql<{ transactionCreditReport: Report | null }>(REPORT, { i: verified.inquiryId });
    expect(dataOf(again).transactionCreditReport).toMatchObject({ verdict: 'UNEXECUTED_FINANCIAL_CONVICTION' });
  });

  it('sends a verification once: an upstream failure is an error, not a refused code', async () => {
    const { checkId } = await start(h, TRANSACTION_CREDIT_SAMPLES.clean);
    h.sandbox.injectFault({ operationId: 'kycTransactionCreditInquiryVerifyPost', status: 503 });
    const res = await h.gql(VERIFY, { c: checkId, o: SANDBOX_OTP });
    expect(extensionsOf(firstError(res))['code']).toMatch(/^UPSTREAM_/);
    expect(h.upstreamCalls('kycTransactionCreditInquiryVerifyPost')).toHaveLength(1);
  });

  it('answers null for a report the upstream does not have', async () => {
    const res = await h.gql<{ transactionCreditReport: Report | null }>(REPORT, { i: 'no-such-inquiry' });
    expect(dataOf(res).transactionCreditReport).toBeNull();
  });

  it('fails the start when the mobile is not the person’s, sending no later step', async () => {
    const res = await h.gql(START, { n: TRANSACTION_CREDIT_SAMPLES.clean, m: '09120000000' });
    expect(firstError(res).extensions).toMatchObject({ code: 'UPSTREAM_REJECTED' });
    expect(h.upstreamCalls('kycTransactionCreditInquiryVerifyPost')).toHaveLength(0);
  });

  it.each([
    ['input.nationalId', START, { n: '1234567890', m: '09121234567' }],
    ['input.mobile', START, { n: TRANSACTION_CREDIT_SAMPLES.clean, m: '0912' }],
    ['input.checkId', VERIFY, { c: 'not-a-check', o: SANDBOX_OTP }],
    ['input.otp', VERIFY, { c: 'MDAwMDAxMDAwNjphYmM', o: '12' }],
    ['inquiryId', REPORT, { i: 'bad id!' }],
  ])('refuses a bad %s before any upstream call', async (path, operation, variables) => {
    const res = await h.gql(operation, variables);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: path });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('refuses a checkId it did not hand out, so nobody spends another person’s code by naming them', async () => {
    const { checkId } = await start(h, TRANSACTION_CREDIT_SAMPLES.clean);
    const [payload] = checkId.split('.');
    const othersPayload = Buffer.from(`${TRANSACTION_CREDIT_SAMPLES.banned}:made-up`).toString('base64url');
    h.sandbox.clearCalls();
    for (const forged of [`${othersPayload}.${checkId.split('.')[1] ?? ''}`, othersPayload, `${payload}.AAAA`]) {
      const res = await h.gql(VERIFY, { c: forged, o: SANDBOX_OTP });
      expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'input.checkId' });
    }
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

describe('an expired transaction credit code', () => {
  const short = useHarness({ sandbox: { otpLifetimeMs: 0 } });

  it('is refused as OTP_EXPIRED, and the report is never asked for', async () => {
    const { checkId } = await start(short, TRANSACTION_CREDIT_SAMPLES.clean);
    // A code that lives 0 ms is too old by the time it is verified.
    const outcome = await verify(short, checkId, SANDBOX_OTP);
    expect(outcome).toMatchObject({ reason: 'OTP_EXPIRED', code: 'OTP_EXPIRED', attemptsLeft: 0 });
    expect(short.upstreamCalls('kycTransactionCreditInquiryReportGet')).toHaveLength(0);
  });
});

describe('the SMS throttle', () => {
  const throttled = useHarness({ env: { SMS_THROTTLE_PER_MINUTE: '1', SMS_THROTTLE_PER_HOUR: '5' } });

  it('texts one code of five asked for at once; the others are RATE_LIMITED before the upstream is asked', async () => {
    const nationalId = TRANSACTION_CREDIT_SAMPLES.clean;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => throttled.gql(START, { n: nationalId, m: personOf(nationalId).mobile })),
    );
    const refused = answers.filter((answer) => answer.errors);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(extensionsOf(firstError(answer))).toMatchObject({ code: 'RATE_LIMITED' });
      expect(extensionsOf(firstError(answer))['retryAfter']).toBeGreaterThanOrEqual(1);
    }
    expect(throttled.upstreamCalls('kycTransactionCreditInquiryRequestGet')).toHaveLength(1);
  });
});
