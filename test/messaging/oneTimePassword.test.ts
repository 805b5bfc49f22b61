import { describe, expect, it } from 'vitest';
import { SENDER_NUMBERS } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, errorCode, extensionsOf, firstError, present } from '../helpers/responses.js';

const h = useHarness({ env: { OTP_MAX_ATTEMPTS: '3' } });

const OTP = 'facilityFinnotextOtpPost';
const SEND = `mutation($input: SendOneTimePasswordInput!) {
  sendOneTimePassword(input: $input) { id expiresAt attemptsLeft }
}`;
const VERIFY = `mutation($input: VerifyOneTimePasswordInput!) {
  verifyOneTimePassword(input: $input) { verified reason attemptsLeft }
}`;

interface Challenge {
  id: string;
  expiresAt: string;
  attemptsLeft: number;
}
interface Verification {
  verified: boolean;
  reason: string | null;
  attemptsLeft: number | null;
}

/** A mobile no other test of this file texts. */
const mobile = (): string => `0935${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

async function challengeFor(
  to: string,
  options: { from?: string; written?: string } = {},
): Promise<{ challenge: Challenge; code: string }> {
  const before = Date.now();
  const input = { to: options.written ?? to, ...(options.from && { from: options.from }) };
  const res = await h.gql<{ sendOneTimePassword: Challenge }>(SEND, { input });
  const challenge = dataOf(res).sendOneTimePassword;
  expect(Date.parse(challenge.expiresAt) - before).toBeGreaterThanOrEqual(180_000);
  expect(Date.parse(challenge.expiresAt) - Date.now()).toBeLessThanOrEqual(180_000);
  const sms = present(
    h.sandbox.sentSms().find((sent) => sent.kind === 'OTP' && sent.to === to),
    'the SMS of the one-time password',
  );
  const code = present(/\d{6}/.exec(sms.text)?.[0], 'a six-digit code in the SMS');
  mobiles.set(challenge.id, to);
  return { challenge, code };
}

/** The mobile each challenge of these tests was texted to. */
const mobiles = new Map<string, string>();

/** Verifies with the mobile the challenge was texted to, unless told another. */
const verify = async (
  challengeId: string,
  code: string,
  to = mobiles.get(challengeId) ?? '09120000000',
): Promise<Verification> =>
  dataOf(await h.gql<{ verifyOneTimePassword: Verification }>(VERIFY, { input: { challengeId, code, to } }))
    .verifyOneTimePassword;

const other = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('one-time passwords', () => {
  it('verifies a code only with the mobile it was texted to', async () => {
    const to = mobile();
    const { challenge, code } = await challengeFor(to);
    expect(await verify(challenge.id, code, mobile())).toEqual({
      verified: false,
      reason: 'WRONG_CODE',
      attemptsLeft: 2,
    });
    expect(await verify(challenge.id, code, `+98${to.slice(1)}`)).toEqual({
      verified: true,
      reason: null,
      attemptsLeft: null,
    });
  });

  it('texts a six-digit code once from the first sender number, and verifies it once', async () => {
    const to = mobile();
    const { challenge, code } = await challengeFor(to);
    expect(challenge.attemptsLeft).toBe(3);
    const calls = h.upstreamCalls(OTP);
    expect(calls).toHaveLength(1);
    expect(at(calls, 0).body).toEqual({ from: at(SENDER_NUMBERS, 0), to, message: expect.stringContaining(code) });
    expect(challenge.id).not.toContain(code);
    expect(await verify(challenge.id, code)).toEqual({ verified: true, reason: null, attemptsLeft: null });
    expect(await verify(challenge.id, code)).toEqual({ verified: false, reason: 'NOT_FOUND', attemptsLeft: null });
  });

  it('sends from the sender number asked for, and takes the code in Persian digits', async () => {
    const to = mobile();
    const { challenge, code } = await challengeFor(to, { from: at(SENDER_NUMBERS, 1), written: `+98${to.slice(1)}` });
    expect(at(h.upstreamCalls(OTP), 0).body).toMatchObject({ from: at(SENDER_NUMBERS, 1), to });
    const persian = code.replace(/\d/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)] ?? digit);
    expect((await verify(challenge.id, persian)).verified).toBe(true);
  });

  it('sends the upstream template asked for with the code', async () => {
    const to = mobile();
    const res = await h.gql<{ sendOneTimePassword: Challenge }>(SEND, { input: { to, templateId: 'otp-login_1' } });
    expect(dataOf(res).sendOneTimePassword.attemptsLeft).toBe(3);
    expect(at(h.upstreamCalls(OTP), 0).body).toMatchObject({ to, templateId: 'otp-login_1' });
  });

  it('counts wrong codes, then refuses even the right one', async () => {
    const { challenge, code } = await challengeFor(mobile());
    expect(await verify(challenge.id, other(code))).toEqual({ verified: false, reason: 'WRONG_CODE', attemptsLeft: 2 });
    expect(await verify(challenge.id, other(code))).toEqual({ verified: false, reason: 'WRONG_CODE', attemptsLeft: 1 });
    expect(await verify(challenge.id, other(code))).toEqual({ verified: false, reason: 'WRONG_CODE', attemptsLeft: 0 });
    expect(await verify(challenge.id, code)).toEqual({
      verified: false,
      reason: 'TOO_MANY_ATTEMPTS',
      attemptsLeft: null,
    });
  });

  it('answers an unknown challenge as NOT_FOUND, like a used one', async () => {
    expect(await verify('Q'.repeat(24), '123456')).toEqual({
      verified: false,
      reason: 'NOT_FOUND',
      attemptsLeft: null,
    });
  });

  it.each([
    ['a bad mobile', SEND, { to: '12345' }, 'input.to'],
    ['a foreign sender number', SEND, { to: '09351234567', from: '999999' }, 'input.from'],
    ['a malformed template id', SEND, { to: '09351234567', templateId: 'no spaces' }, 'input.templateId'],
    [
      'a code that is not six digits',
      VERIFY,
      { challengeId: 'Q'.repeat(24), to: '09351234567', code: '12345' },
      'input.code',
    ],
    ['a bad mobile to verify', VERIFY, { challengeId: 'Q'.repeat(24), to: '0935', code: '123456' }, 'input.to'],
  ])('refuses %s with BAD_USER_INPUT on its argument, texting nothing', async (_, mutation, input, path) => {
    const res = await h.gql(mutation, { input });
    expect(errorCode(res)).toBe('BAD_USER_INPUT');
    expect(extensionsOf(firstError(res))['argumentPath']).toBe(path);
    expect(h.upstreamCalls(OTP)).toEqual([]);
  });

  it('reports an upstream refusal of the SMS, never resending it', async () => {
    h.sandbox.injectFault({ operationId: OTP, status: 500 });
    const res = await h.gql(SEND, { input: { to: mobile() } });
    expect(errorCode(res)).toBe('UPSTREAM_UNAVAILABLE');
    expect(h.upstreamCalls(OTP)).toHaveLength(1);
  });
});
