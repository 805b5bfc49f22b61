/** The sandbox's transaction credit inquiry over HTTP: request, verify with attempts and expiry, report. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, type OperationId } from '../../src/datasources/upstream/operations.js';
import { SANDBOX_OTP, startSandbox } from '../../sandbox/index.js';
import {
  personOf,
  transactionCreditMessage,
  TRANSACTION_CREDIT_SAMPLES,
  transactionCreditOf,
  type TransactionCreditVerdictKind,
} from '../../sandbox/world/index.js';
import { callOperation, errorOf, issueToken, resultOf } from './support.js';

const REQUEST = 'kycTransactionCreditInquiryRequestGet';
const VERIFY = 'kycTransactionCreditInquiryVerifyPost';
const REPORT = 'kycTransactionCreditInquiryReportGet';
const OPERATIONS = [REQUEST, VERIFY, REPORT] as const satisfies readonly OperationId[];

async function open(otpLifetimeMs: number) {
  const sandbox = await startSandbox({ otpLifetimeMs });
  const token = (
    await issueToken(
      sandbox,
      OPERATIONS.map((id) => operation(id).scope),
    )
  ).value;
  const request = (nationalCode: string, mobile = personOf(nationalCode).mobile) =>
    callOperation(sandbox, REQUEST, { token, query: { nationalCode, mobile, trackId: randomUUID() } });
  const verify = (nationalCode: string, otp: string, trackId = randomUUID()) =>
    callOperation(sandbox, VERIFY, { token, query: { trackId }, body: { otp, nationalCode } });
  const report = (inquiryTrackId: string) =>
    callOperation(sandbox, REPORT, { token, query: { inquiryTrackId, trackId: randomUUID() } });
  return { sandbox, request, verify, report };
}

describe('the transaction credit world', () => {
  it.each(Object.entries(TRANSACTION_CREDIT_SAMPLES))('gives the %s sample its verdict', (name, nationalId) => {
    const expected: Record<keyof typeof TRANSACTION_CREDIT_SAMPLES, TransactionCreditVerdictKind> = {
      clean: 'NO_NEGATIVE_RECORD',
      notVerified: 'NOT_VERIFIED_IN_JUDICIARY',
      fugitive: 'REFER_TO_JUDICIAL_AUTHORITIES',
      unexecutedConviction: 'UNEXECUTED_FINANCIAL_CONVICTION',
      banned: 'TRANSACTION_BANNED',
      executedConviction: 'EXECUTED_FINANCIAL_CONVICTION',
      insolvent: 'INSOLVENCY_RECORD',
    };
    const kind = expected[name as keyof typeof TRANSACTION_CREDIT_SAMPLES];
    expect(transactionCreditOf(nationalId)).toEqual({ kind, message: transactionCreditMessage(kind, nationalId) });
  });
});

describe('the transaction credit inquiry', () => {
  let s: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    s = await open(60_000);
  });
  afterAll(() => s.sandbox.close());

  it('texts a code, takes it once with the national id, and reports by the verification’s trackId', async () => {
    const nationalId = TRANSACTION_CREDIT_SAMPLES.executedConviction;
    expect(resultOf(await s.request(nationalId))).toEqual({ message: 'OK' });
    const trackId = randomUUID();
    const verified = await s.verify(nationalId, SANDBOX_OTP, trackId);
    expect(resultOf(verified)).toEqual({ inquiryTrackId: trackId });
    expect(verified.body['responseCode']).toBe('FN-KCST-20003500000');
    const expected = { message: transactionCreditMessage('EXECUTED_FINANCIAL_CONVICTION', nationalId) };
    expect(resultOf(await s.report(trackId))).toEqual(expected);
    expect(resultOf(await s.report(trackId))).toEqual(expected);
    expect(errorOf(await s.verify(nationalId, SANDBOX_OTP))).toMatchObject({
      status: 400,
      message: 'no otp was requested for nationalCode',
    });
  });

  it('takes three wrong codes, the last spending the code', async () => {
    const nationalId = TRANSACTION_CREDIT_SAMPLES.clean;
    await s.request(nationalId);
    expect(errorOf(await s.verify(nationalId, '00000')).message).toBe('invalid otp, 2 attempts left');
    expect(errorOf(await s.verify(nationalId, '00000')).message).toBe('invalid otp, 1 attempts left');
    expect(errorOf(await s.verify(nationalId, '00000')).message).toBe('invalid otp, too many attempts');
    expect(errorOf(await s.verify(nationalId, SANDBOX_OTP)).message).toBe('no otp was requested for nationalCode');
  });

  it('replaces a pending code with a new request, its wrong codes forgotten', async () => {
    const nationalId = TRANSACTION_CREDIT_SAMPLES.banned;
    await s.request(nationalId);
    await s.verify(nationalId, '00000');
    await s.verify(nationalId, '00000');
    await s.request(nationalId);
    expect(errorOf(await s.verify(nationalId, '00000')).message).toBe('invalid otp, 2 attempts left');
  });

  it('texts only the person’s own mobile', async () => {
    expect(errorOf(await s.request(TRANSACTION_CREDIT_SAMPLES.clean, '09120000000'))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'mobile does not belong to nationalCode',
    });
  });

  it('answers 404 for an inquiry it never verified', async () => {
    expect(errorOf(await s.report(randomUUID()))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('refuses a verification without its body fields', async () => {
    expect(errorOf(await s.verify('', SANDBOX_OTP))).toMatchObject({
      status: 400,
      message: 'nationalCode is required',
    });
    expect(errorOf(await s.verify(TRANSACTION_CREDIT_SAMPLES.clean, ''))).toMatchObject({
      status: 400,
      message: 'otp is required',
    });
  });
});

describe('an expired transaction credit code', () => {
  let s: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    s = await open(0);
  });
  afterAll(() => s.sandbox.close());

  it('is refused once its lifetime is over', async () => {
    const nationalId = TRANSACTION_CREDIT_SAMPLES.clean;
    await s.request(nationalId);
    expect(errorOf(await s.verify(nationalId, SANDBOX_OTP))).toMatchObject({ status: 400, message: 'otp expired' });
    expect(errorOf(await s.verify(nationalId, SANDBOX_OTP)).message).toBe('no otp was requested for nationalCode');
  });
});
