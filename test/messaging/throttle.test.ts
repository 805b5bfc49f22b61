import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SENDER_NUMBERS } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, errorCode } from '../helpers/responses.js';

// One SMS a minute per mobile, as in production.
const h = useHarness({ env: { SMS_THROTTLE_PER_MINUTE: '1' } });

const SEND_SMS = `mutation($input: SendSmsInput!) { sendSms(input: $input) { id status } }`;
const SEND_OTP = `mutation($input: SendOneTimePasswordInput!) { sendOneTimePassword(input: $input) { id } }`;

const mobile = (): string => `0901${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const sendSms = (to: readonly string[], idempotencyKey: string = randomUUID()) =>
  h.gql<{ sendSms: { id: string; status: string } }>(SEND_SMS, {
    input: { from: at(SENDER_NUMBERS, 0), idempotencyKey, messages: to.map((mobile) => ({ to: mobile, text: 'hi' })) },
  });

describe('the SMS throttle', () => {
  it('refuses a send with a recipient over it, sending nothing to anyone', async () => {
    const [texted, fresh] = [mobile(), mobile()];
    dataOf(await sendSms([texted]));
    h.sandbox.clearCalls();
    const res = await sendSms([fresh, texted]);
    expect(errorCode(res)).toBe('RATE_LIMITED');
    expect(h.upstreamCalls('facilityFinnotextPost')).toEqual([]);
    // The refused send counted no one: the fresh mobile is texted next.
    dataOf(await sendSms([fresh]));
  });

  it('answers a replay under the same key from the stored send, without asking the throttle again', async () => {
    const key = randomUUID();
    const to = mobile();
    const first = dataOf(await sendSms([to], key)).sendSms;
    expect(dataOf(await sendSms([to], key)).sendSms.id).toBe(first.id);
    expect(h.upstreamCalls('facilityFinnotextPost')).toHaveLength(1);
  });

  it('refuses a second one-time password to the same mobile within the minute, texting nothing', async () => {
    const to = mobile();
    dataOf(await h.gql(SEND_OTP, { input: { to } }));
    const res = await h.gql(SEND_OTP, { input: { to } });
    expect(errorCode(res)).toBe('RATE_LIMITED');
    expect(h.upstreamCalls('facilityFinnotextOtpPost')).toHaveLength(1);
  });
});
