/** The sandbox's inbound SMS: inboxes per sender number, read oldest first, deleted once read, kept 48 hours. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENDER_NUMBERS, startSandbox, type Sandbox } from '../../sandbox/index.js';
import { SANDBOX_SENDER_NUMBERS } from '../../src/config.js';
import { clockFrom } from '../helpers/clock.js';
import { at } from '../helpers/responses.js';
import { callOperation, errorOf, issueToken, resultOf } from './support.js';

const NUMBER = at(SENDER_NUMBERS, 0);
/** The sandbox's time: the messages dated below are recent, whatever the day the test runs. */
const clock = clockFrom('2026-11-25T12:00:00Z');
let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ admin: true, clock });
  token = (await issueToken(sandbox, ['facility:receive-sms:get'])).value;
});
afterAll(() => sandbox.close());

const read = (query: Record<string, string>) => callOperation(sandbox, 'facilityReceiveSmsGet', { token, query });

function message(text: string, receiveDateTime?: string) {
  return {
    sourceAddress: '09121234567',
    destinationAddress: NUMBER,
    messageText: text,
    ...(receiveDateTime !== undefined && { receiveDateTime }),
  };
}

describe('inbound SMS in the sandbox', () => {
  it('answers the oldest messages up to `limit`, and deletes what it answered', async () => {
    for (const text of ['one', 'two', 'three']) sandbox.deliverInboundSms(message(text));
    const first = resultOf(await read({ destinationNumber: NUMBER, limit: '2' }));
    expect((first['data'] as Array<{ messageText: string }>).map((m) => m.messageText)).toEqual(['one', 'two']);
    const second = resultOf(await read({ destinationNumber: NUMBER }));
    expect(second['data']).toEqual([
      expect.objectContaining({ sourceAddress: '09121234567', destinationAddress: NUMBER, messageText: 'three' }),
    ]);
    expect(resultOf(await read({ destinationNumber: NUMBER }))['data']).toEqual([]);
  });

  it('keeps the receive time in UTC ISO-8601, and forgets a message 48 hours after it was received', async () => {
    const old = new Date(clock.now() - 48 * 60 * 60_000 - 1_000).toISOString();
    sandbox.deliverInboundSms(message('expired', old));
    sandbox.deliverInboundSms(message('kept', '2026-11-25T10:00:00+03:30'));
    const data = resultOf(await read({ destinationNumber: NUMBER }))['data'];
    expect(data).toEqual([
      expect.objectContaining({ messageText: 'kept', receiveDateTime: '2026-11-25T06:30:00.000Z' }),
    ]);
  });

  it('refuses a number that is not the client’s, and a limit out of 1–1000', async () => {
    expect(errorOf(await read({ destinationNumber: '300000' }))).toMatchObject({
      status: 400,
      message: 'invalid destinationNumber',
    });
    expect(() => sandbox.deliverInboundSms({ ...message('x'), destinationAddress: '300000' })).toThrow(RangeError);
    for (const limit of ['0', '1001', 'two'])
      expect(errorOf(await read({ destinationNumber: NUMBER, limit }))).toMatchObject({
        status: 400,
        message: 'invalid limit',
      });
  });

  it('takes messages from another process on its admin path', async () => {
    const post = (body: unknown) =>
      fetch(`${sandbox.url}/__sandbox/sms/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const answer = await post([message('by admin 1'), message('by admin 2')]);
    expect(answer.status).toBe(201);
    expect(sandbox.waitingInboundSms(NUMBER)).toBe(2);
    expect((await post({ ...message('x'), destinationAddress: '300000' })).status).toBe(400);
    expect((await post({ messageText: 'no addresses' })).status).toBe(400);
    expect(sandbox.waitingInboundSms(NUMBER)).toBe(2);
    const data = resultOf(await read({ destinationNumber: NUMBER }))['data'] as Array<{ messageText: string }>;
    expect(data.map((m) => m.messageText)).toEqual(['by admin 1', 'by admin 2']);
  });

  it('assigns the client the sender numbers the subgraph defaults to with the embedded sandbox', () => {
    expect(SENDER_NUMBERS).toEqual(SANDBOX_SENDER_NUMBERS);
  });

  it('serves no inbound path without the admin option', async () => {
    const plain = await startSandbox();
    try {
      const answer = await fetch(`${plain.url}/__sandbox/sms/inbound`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
