import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { deliveryAt, partsOf, SENDER_NUMBERS } from '../../sandbox/world/messaging.js';
import { operation } from '../../src/datasources/upstream/operations.js';
import { eventually } from '../helpers/eventually.js';
import { callOperation, errorOf, issueToken, resultOf } from './support.js';

const SEND = 'facilityFinnotextPost' as const;
const INQUIRY = 'facilityFinnotextInquiryGet' as const;
const OTP = 'facilityFinnotextOtpPost' as const;
const DELAY_MS = 80;
const FROM = SENDER_NUMBERS[0];

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, asyncDelayMs: DELAY_MS });
  token = (
    await issueToken(
      sandbox,
      [SEND, INQUIRY, OTP].map((id) => operation(id).scope),
    )
  ).value;
});

afterAll(async () => {
  await sandbox.close();
});

const send = (body: unknown, trackId: string | undefined = randomUUID()) =>
  callOperation(sandbox, SEND, { token, body, query: { trackId } });
const inquiry = (inquiryTrackId: string) =>
  callOperation(sandbox, INQUIRY, { token, query: { trackId: randomUUID(), inquiryTrackId } });

describe('finnotext', () => {
  it('sends, counting records and parts as strings, and drops invalid numbers', async () => {
    const trackId = randomUUID();
    const persian = 'س'.repeat(71);
    const latin = 'a'.repeat(161);
    const answer = await send(
      { from: FROM, to: ['09121234567', '+989351234567', '12345'], message: [persian, latin, 'x'] },
      trackId,
    );
    expect(resultOf(answer)).toEqual({ numberOfRecords: '2', numberOfParts: '4' });
    expect(partsOf('س'.repeat(70))).toBe(1);
    expect(partsOf('a'.repeat(160))).toBe(1);
    const sent = sandbox.sentSms().filter((sms) => sms.trackId === trackId);
    expect(sent.map((sms) => [sms.kind, sms.to, sms.text])).toEqual([
      ['BULK', '09121234567', persian],
      ['BULK', '09351234567', latin],
    ]);
  });

  it.each([
    ['sizes differ', { from: FROM, to: ['09121234567'], message: ['a', 'b'] }, 'sizes of to and message differ'],
    ['an invalid source', { from: 'abc', to: ['09121234567'], message: ['a'] }, 'invalid source'],
    [
      'a foreign sender',
      { from: '999999', to: ['09121234567'], message: ['a'] },
      'sender number not registered for client',
    ],
    ['too long a text', { from: FROM, to: ['09121234567'], message: ['a'.repeat(1001)] }, 'parameter exceeds limit'],
    [
      'too many recipients',
      { from: FROM, to: Array(101).fill('09121234567'), message: Array(101).fill('a') },
      'parameter exceeds limit',
    ],
    ['no valid number', { from: FROM, to: ['123'], message: ['a'] }, 'invalid destination'],
  ])('refuses %s with 400 VALIDATION_ERROR, sending nothing', async (_, body, message) => {
    const before = sandbox.sentSms().length;
    expect(errorOf(await send(body))).toEqual({ status: 400, code: 'VALIDATION_ERROR', message });
    expect(sandbox.sentSms()).toHaveLength(before);
  });

  it('refuses a send without a trackId', async () => {
    const answer = await callOperation(sandbox, SEND, {
      token,
      body: { from: FROM, to: ['09121234567'], message: ['a'] },
    });
    expect(errorOf(answer)).toMatchObject({ status: 400, message: 'trackId is required' });
  });

  it('reports each recipient moving to its final state; special endings end otherwise', async () => {
    const to = ['09121230023', '09121230010', '09121230019', '09121234567'];
    const trackId = randomUUID();
    sandbox.setAsyncDelay(600_000);
    resultOf(await send({ from: FROM, to, message: to.map(() => 'hi') }, trackId));
    const first = resultOf(await inquiry(trackId))['messages_status'] as Array<{ to_number: string; status: number }>;
    // Masked as the documentation's sample shows them: the last 8 digits hidden.
    expect(first.map((m) => m.to_number)).toEqual(['091********', '091********', '091********', '091********']);
    expect(first.map((m) => m.status)).toEqual([0, 0, 0, 0]);
    sandbox.setAsyncDelay(DELAY_MS);
    const final = await eventually(async () => {
      const report = resultOf(await inquiry(trackId))['messages_status'] as Array<{ status: number }>;
      return report.every((m) => ![0, 5, 22].includes(m.status)) ? report : undefined;
    });
    expect(final.map((m) => m.status)).toEqual([23, 10, 19, 24]);
    expect([0, 30, 60, 80].map((ms) => deliveryAt('09121234567', ms, DELAY_MS))).toEqual([0, 5, 22, 24]);
  });

  it('refuses an inquiry without its own trackId', async () => {
    const answer = await callOperation(sandbox, INQUIRY, { token, query: { inquiryTrackId: randomUUID() } });
    expect(errorOf(answer)).toMatchObject({ status: 400, message: 'trackId is required' });
  });

  it('answers 404 for a trackId no send arrived with', async () => {
    expect(errorOf(await inquiry(randomUUID()))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('sends a one-time password and keeps it in the outbox', async () => {
    const trackId = randomUUID();
    const answer = await callOperation(sandbox, OTP, {
      token,
      query: { trackId },
      body: { from: FROM, to: '+989121234567', message: 'code 123456' },
    });
    expect(resultOf(answer)).toEqual({ message: 'request received' });
    expect(sandbox.sentSms().find((sms) => sms.trackId === trackId)).toMatchObject({
      kind: 'OTP',
      to: '09121234567',
      text: 'code 123456',
    });
  });
});
