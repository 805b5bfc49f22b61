/** The SMS-confirmed consent end to end: start, the sandbox's OTP, complete, and a field that needs it. */
import { describe, expect, it } from 'vitest';
import { SANDBOX_OTP } from '../fixtures/sandbox.js';
import { ManualClock } from '../helpers/clock.js';
import { startHarness, useHarness } from '../helpers/harness.js';
import {
  COMPLETE_SMS,
  MOBILE,
  NID_VERIFICATION_SCOPE,
  PEOPLE,
  START_SMS,
  TAX_DEBTS,
  TAX_SCOPE,
  TRANSFER_SCOPE,
  errorCode,
  smsConsent,
  startSms,
  withHandle,
  type TaxDebtsData,
} from './support.js';
import { at, dataOf, extensionsOf, firstError, partialDataOf, present } from '../helpers/responses.js';

const h = useHarness();

interface Completed {
  completeSmsConsent: {
    __typename: string;
    handle?: string;
    nationalId?: string;
    grant?: string;
    scopes?: string[];
    expiresAt?: string;
    code?: string;
    attemptsLeft?: number;
  };
}

describe('SMS consent', () => {
  it('documents its OTP: the sandbox always sends 12345', () => {
    expect(SANDBOX_OTP).toBe('12345');
  });

  it('starts with the documented authorize call, completes with the OTP, and the handle reads tax debts', async () => {
    const before = Date.now();
    const start = await h.gql<{ startSmsConsent: Record<string, string> }>(START_SMS, {
      input: { nationalId: PEOPLE.ali, mobile: '+98 912 123 4567', scopes: [TAX_SCOPE, TAX_SCOPE] },
    });
    expect(start.errors).toBeUndefined();
    const challenge = dataOf(start).startSmsConsent;
    expect(challenge).toMatchObject({ __typename: 'SmsConsentChallenge', mobile: '0912***4567' });
    const expiresIn = Date.parse(present(challenge['expiresAt'], "challenge['expiresAt']")) - before;
    expect(expiresIn).toBeGreaterThan(170_000);
    expect(expiresIn).toBeLessThanOrEqual(181_000);

    expect(h.sandbox.calls('authorize')).toHaveLength(1);
    const authorize = at(h.sandbox.calls('authorize'), 0);
    expect(authorize).toMatchObject({ method: 'GET', path: '/dev/v2/oauth2/authorize', status: 200 });
    expect(authorize.query).toEqual({
      client_id: h.sandbox.options.clientId,
      response_type: 'code',
      redirect_uri: 'http://localhost:4001/consent/callback',
      scope: TAX_SCOPE,
      mobile: MOBILE,
      auth_type: 'SMS',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });

    const done = await h.gql<Completed>(COMPLETE_SMS, { input: { consentId: challenge['consentId'], otp: '۱۲۳۴۵' } });
    expect(done.errors).toBeUndefined();
    const granted = dataOf(done).completeSmsConsent;
    expect(granted).toMatchObject({
      __typename: 'ConsentGranted',
      nationalId: PEOPLE.ali,
      grant: 'SMS',
      scopes: [TAX_SCOPE],
    });
    expect(granted.handle).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(present(granted.expiresAt, 'granted.expiresAt')) - Date.now()).toBeGreaterThan(
      9 * 24 * 3_600_000,
    );

    const verify = at(h.sandbox.calls('verifySms'), 0);
    expect(verify.body).toEqual({ mobile: MOBILE, otp: '12345', nid: PEOPLE.ali, trackId: expect.any(String) });
    const tokenCalls = h.sandbox
      .calls('token')
      .filter((call) => (call.body as { grant_type?: string }).grant_type === 'authorization_code');
    expect(tokenCalls).toHaveLength(1);
    expect(at(tokenCalls, 0).body).toEqual({
      grant_type: 'authorization_code',
      code: expect.stringMatching(/^\S{16}$/),
      auth_type: 'SMS',
      redirect_uri: 'http://localhost:4001/consent/callback',
    });

    const res = await h.gql<TaxDebtsData>(
      TAX_DEBTS,
      { nid: PEOPLE.ali },
      withHandle(present(granted.handle, 'granted.handle')),
    );
    expect(res.errors).toBeUndefined();
    const debts = present(dataOf(res).person.taxDebts, 'debts');
    expect(debts.length).toBeGreaterThan(0);
    for (const debt of debts) {
      expect(debt.amount).toMatch(/^[1-9]\d*00000$/);
      expect(debt.period).toMatch(/^1[34]\d\d$/);
      expect(debt.dueDate.jalali).toBe(`${Number(debt.period) + 1}/03/31`);
      expect(debt.dueDate.iso).toMatch(/^20\d\d-06-(20|21)$/);
      expect(['UNPAID', 'OVERDUE', 'IN_INSTALLMENTS']).toContain(debt.status);
    }

    const calls = h.upstreamCalls('kycSmsTaxInquiryGet');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      status: 200,
      path: `/kyc/v2/clients/${h.sandbox.options.clientId}/sms/taxInquiry`,
      query: { nationalCode: PEOPLE.ali, trackId: expect.any(String) },
      tokenType: 'CODE',
      tokenUserId: PEOPLE.ali,
      scopes: [TAX_SCOPE],
    });
  });

  it('gives an empty list for a person who owes nothing', async () => {
    const handle = await smsConsent(h.gql, PEOPLE.sara);
    const res = await h.gql<TaxDebtsData>(TAX_DEBTS, { nid: PEOPLE.sara }, withHandle(handle));
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).person.taxDebts).toEqual([]);
  });

  it('answers a wrong OTP with InvalidOtp, asks for no token, and still accepts the right one', async () => {
    const consentId = await startSms(h.gql, PEOPLE.ali);
    const wrong = await h.gql<Completed>(COMPLETE_SMS, { input: { consentId, otp: '54321' } });
    expect(dataOf(wrong).completeSmsConsent).toMatchObject({
      __typename: 'InvalidOtp',
      code: 'INVALID_OTP',
      attemptsLeft: 4,
    });
    expect(h.sandbox.calls('verifySms').map((call) => call.status)).toEqual([400]);
    expect(
      h.sandbox
        .calls('token')
        .filter((call) => (call.body as { grant_type?: string }).grant_type === 'authorization_code'),
    ).toHaveLength(0);

    const right = await h.gql<Completed>(COMPLETE_SMS, { input: { consentId, otp: SANDBOX_OTP } });
    expect(dataOf(right).completeSmsConsent.__typename).toBe('ConsentGranted');
  });

  it('drops the consent after five wrong OTPs', async () => {
    const consentId = await startSms(h.gql, PEOPLE.ali);
    const left: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await h.gql<Completed>(COMPLETE_SMS, { input: { consentId, otp: 'AAAAA' } });
      left.push(present(dataOf(res).completeSmsConsent.attemptsLeft, 'completeSmsConsent.attemptsLeft'));
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const after = await h.gql<Completed>(COMPLETE_SMS, { input: { consentId, otp: SANDBOX_OTP } });
    expect(dataOf(after).completeSmsConsent).toMatchObject({ __typename: 'ConsentExpired', code: 'CONSENT_EXPIRED' });
    expect(h.sandbox.calls('verifySms')).toHaveLength(5);
  });

  it('cannot be completed twice', async () => {
    const consentId = await startSms(h.gql, PEOPLE.ali);
    expect(
      dataOf(await h.gql<Completed>(COMPLETE_SMS, { input: { consentId, otp: SANDBOX_OTP } })).completeSmsConsent
        .__typename,
    ).toBe('ConsentGranted');
    const again = await h.gql<Completed>(COMPLETE_SMS, { input: { consentId, otp: SANDBOX_OTP } });
    expect(dataOf(again).completeSmsConsent.__typename).toBe('ConsentExpired');
  });

  it('answers an unknown consent id with ConsentExpired, without calling the upstream', async () => {
    const res = await h.gql<Completed>(COMPLETE_SMS, {
      input: { consentId: 'AAAAAAAAAAAAAAAAAAAAAA', otp: SANDBOX_OTP },
    });
    expect(dataOf(res).completeSmsConsent.__typename).toBe('ConsentExpired');
    expect(h.sandbox.calls()).toHaveLength(0);
  });

  it.each([
    ['a scope of the authorization-code grant', [TRANSFER_SCOPE]],
    ['a client-credentials scope', ['billing:cc-inquiry:get']],
    ['an unknown scope', ['kyc:sms-nothing:get']],
    ['a known scope with an unknown one', [TAX_SCOPE, 'nope']],
    ['no scope at all', []],
  ])('refuses %s with BAD_USER_INPUT on input.scopes before any upstream call', async (_, scopes) => {
    const res = await h.gql(START_SMS, { input: { nationalId: PEOPLE.ali, mobile: MOBILE, scopes } });
    expect(errorCode(res)).toBe('BAD_USER_INPUT');
    expect(extensionsOf(firstError(res))['argumentPath']).toBe('input.scopes');
    expect(h.sandbox.calls()).toHaveLength(0);
  });

  it.each([
    ['a national id with a wrong check digit', { nationalId: '0499370898', mobile: MOBILE }, 'input.nationalId'],
    ['a landline instead of a mobile', { nationalId: PEOPLE.ali, mobile: '02177689361' }, 'input.mobile'],
  ])('refuses %s with BAD_USER_INPUT', async (_, input, path) => {
    const res = await h.gql(START_SMS, { input: { ...input, scopes: [TAX_SCOPE] } });
    expect(errorCode(res)).toBe('BAD_USER_INPUT');
    expect(extensionsOf(firstError(res))['argumentPath']).toBe(path);
    expect(h.sandbox.calls()).toHaveLength(0);
  });

  it.each(['1234', '123456', '12 45', '12-45'])(
    'refuses the malformed OTP %j before calling the upstream',
    async (otp) => {
      const consentId = await startSms(h.gql, PEOPLE.ali);
      h.sandbox.clearCalls();
      const res = await h.gql(COMPLETE_SMS, { input: { consentId, otp } });
      expect(errorCode(res)).toBe('BAD_USER_INPUT');
      expect(extensionsOf(firstError(res))['argumentPath']).toBe('input.otp');
      expect(h.sandbox.calls()).toHaveLength(0);
    },
  );

  it('reports an upstream refusal to send the OTP as ConsentRefused', async () => {
    h.sandbox.injectFault({ operationId: 'authorize', status: 400 });
    const res = await h.gql<{ startSmsConsent: Record<string, string> }>(START_SMS, {
      input: { nationalId: PEOPLE.ali, mobile: MOBILE, scopes: [TAX_SCOPE] },
    });
    expect(dataOf(res).startSmsConsent).toMatchObject({
      __typename: 'ConsentRefused',
      code: 'CONSENT_REFUSED',
      upstreamCode: 'VALIDATION_ERROR',
    });
  });

  it('fails with UPSTREAM_UNAVAILABLE when the upstream cannot send the OTP', async () => {
    h.sandbox.injectFault({ operationId: 'authorize', status: 503 });
    const res = await h.gql(START_SMS, { input: { nationalId: PEOPLE.ali, mobile: MOBILE, scopes: [TAX_SCOPE] } });
    expect(errorCode(res)).toBe('UPSTREAM_UNAVAILABLE');
  });
});

describe('the consent query and revocation', () => {
  const CONSENT = `{ consent { nationalId grant bank mobile scopes expiresAt grantedAt } }`;

  it('describes the presented consent without its tokens, and is null without a handle', async () => {
    const handle = await smsConsent(h.gql, PEOPLE.reza, [TAX_SCOPE, NID_VERIFICATION_SCOPE]);
    const res = await h.gql<{ consent: Record<string, unknown> }>(CONSENT, undefined, withHandle(handle));
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).consent).toEqual({
      nationalId: PEOPLE.reza,
      grant: 'SMS',
      bank: null,
      mobile: '0912***4567',
      scopes: [TAX_SCOPE, NID_VERIFICATION_SCOPE],
      expiresAt: expect.any(String),
      grantedAt: expect.any(String),
    });
    expect((await h.gql<{ consent: null }>(CONSENT)).data).toEqual({ consent: null });
  });

  it('lists the scopes each grant may ask for', async () => {
    const res = await h.gql<{ sms: string[]; code: string[] }>(
      `{ sms: consentScopes(grant: SMS) code: consentScopes(grant: AUTHORIZATION_CODE) }`,
    );
    expect(dataOf(res).sms).toContain(TAX_SCOPE);
    expect(dataOf(res).sms).not.toContain(TRANSFER_SCOPE);
    expect(dataOf(res).code).toContain(TRANSFER_SCOPE);
    expect(dataOf(res).code).not.toContain(TAX_SCOPE);
  });

  it('revokes: the handle stops working at once', async () => {
    const handle = await smsConsent(h.gql, PEOPLE.ali);
    const revoked = await h.gql<{ revokeConsent: unknown }>(
      `mutation { revokeConsent { nationalId scopes } }`,
      undefined,
      withHandle(handle),
    );
    expect(revoked.data).toEqual({ revokeConsent: { nationalId: PEOPLE.ali, scopes: [TAX_SCOPE] } });
    h.sandbox.clearCalls();
    const res = await h.gql<TaxDebtsData>(TAX_DEBTS, { nid: PEOPLE.ali }, withHandle(handle));
    expect(errorCode(res)).toBe('UNAUTHENTICATED');
    expect(partialDataOf(res).person.taxDebts).toBeNull();
    expect(h.upstreamCalls()).toHaveLength(0);
    expect(errorCode(await h.gql(CONSENT, undefined, withHandle(handle)))).toBe('UNAUTHENTICATED');
    expect(errorCode(await h.gql(`mutation { revokeConsent { nationalId } }`))).toBe('UNAUTHENTICATED');
  });
});

describe('expiry', () => {
  it('answers ConsentExpired when the upstream says the OTP expired', async () => {
    const clock = new ManualClock('2026-03-01T08:00:00Z');
    const short = await startHarness({ sandbox: { otpLifetimeMs: 1_000 }, clock });
    try {
      const consentId = await startSms(short.gql, PEOPLE.ali);
      clock.advance(1_001);
      const res = await short.gql<Completed>(COMPLETE_SMS, { input: { consentId, otp: SANDBOX_OTP } });
      expect(dataOf(res).completeSmsConsent).toMatchObject({ __typename: 'ConsentExpired', code: 'CONSENT_EXPIRED' });
      expect(short.sandbox.calls('verifySms').map((call) => call.status)).toEqual([400]);
      expect(
        short.sandbox
          .calls('token')
          .filter((call) => (call.body as { grant_type?: string }).grant_type === 'authorization_code'),
      ).toHaveLength(0);
    } finally {
      await short.close();
    }
  });

  it('forgets a pending consent after its own lifetime without asking the upstream', async () => {
    const clock = new ManualClock('2026-03-01T08:00:00Z');
    const short = await startHarness({ env: { CONSENT_SMS_PENDING_MS: '1000' }, clock });
    try {
      const consentId = await startSms(short.gql, PEOPLE.ali);
      clock.advance(1_001);
      const res = await short.gql<Completed>(COMPLETE_SMS, { input: { consentId, otp: SANDBOX_OTP } });
      expect(dataOf(res).completeSmsConsent.__typename).toBe('ConsentExpired');
      expect(short.sandbox.calls('verifySms')).toHaveLength(0);
    } finally {
      await short.close();
    }
  });
});
