import { randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SANDBOX_SENDER_NUMBERS } from '../../src/config.js';
import { SENDER_NUMBERS, SPECIAL_RECIPIENT_ENDINGS, partsOf } from '../fixtures/sandbox.js';
import { eventually } from '../helpers/eventually.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, errorCode, extensionsOf, firstError } from '../helpers/responses.js';
import { collect } from '../helpers/subscriptions.js';

const h = useHarness({ sandbox: { asyncDelayMs: 150 } });
const clients: Client[] = [];
// Registered after useHarness, so it runs before the harness closes (vitest runs after-hooks in reverse order).
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
});

const FROM = at(SENDER_NUMBERS, 0);
const SEND = 'facilityFinnotextPost';

const FIELDS = `__typename id status failure { code message }
  ... on SmsDeliveryJob {
    idempotencyKey from templateId trackId
    delivery { numberOfRecords numberOfParts recipients { to status code final } }
  }`;
const SEND_SMS = `mutation($input: SendSmsInput!) { sendSms(input: $input) { ${FIELDS} } }`;
const JOB = `query($id: ID!) { job(id: $id) { ${FIELDS} } }`;
const SUBSCRIBE = `subscription($id: ID!) { jobUpdated(id: $id) { ${FIELDS} } }`;

interface Recipient {
  to: string;
  status: string;
  code: number | null;
  final: boolean;
}
interface JobData {
  __typename: string;
  id: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  failure: { code: string; message: string } | null;
  idempotencyKey: string;
  from: string;
  templateId: string | null;
  trackId: string;
  delivery: { numberOfRecords: number | null; numberOfParts: number | null; recipients: Recipient[] } | null;
}

/** A mobile no other test of this file texts. */
const mobile = (ending = String(Math.floor(Math.random() * 1e4)).padStart(4, '0')): string =>
  `0912${String(Math.floor(Math.random() * 1e3)).padStart(3, '0')}${ending}`;

const sendSms = (input: Record<string, unknown>) =>
  h.gql<{ sendSms: JobData }>(SEND_SMS, { input: { from: FROM, idempotencyKey: randomUUID(), ...input } });

async function finalState(id: string): Promise<JobData> {
  return eventually(async () => {
    const job = dataOf(await h.gql<{ job: JobData | null }>(JOB, { id })).job;
    return job && job.status !== 'PENDING' ? job : undefined;
  });
}

function wsClient(): Client {
  const client = createClient({ url: h.server.url.replace('http', 'ws'), webSocketImpl: WebSocket, retryAttempts: 0 });
  clients.push(client);
  return client;
}

describe('sendSms', () => {
  it('serves the sandbox sender numbers by default, the same as the sandbox has', async () => {
    expect([...SANDBOX_SENDER_NUMBERS]).toEqual([...SENDER_NUMBERS]);
    const res = await h.gql<{ smsSenderNumbers: string[] }>('{ smsSenderNumbers }');
    expect(dataOf(res).smsSenderNumbers).toEqual([...SENDER_NUMBERS]);
  });

  it('texts one recipient once and follows its delivery to DELIVERED', async () => {
    const to = mobile();
    const key = randomUUID();
    const res = await sendSms({ idempotencyKey: key, messages: [{ to: `+98${to.slice(1)}`, text: 'سلام' }] });
    const job = dataOf(res).sendSms;
    expect(job).toMatchObject({
      __typename: 'SmsDeliveryJob',
      status: 'PENDING',
      failure: null,
      idempotencyKey: key,
      from: FROM,
      templateId: null,
      delivery: {
        numberOfRecords: 1,
        numberOfParts: 1,
        recipients: [{ to, status: 'QUEUED', code: null, final: false }],
      },
    });
    const calls = h.upstreamCalls(SEND);
    expect(calls).toHaveLength(1);
    expect(at(calls, 0).body).toEqual({ from: FROM, to: [to], message: ['سلام'] });
    expect(at(calls, 0).query['trackId']).toBe(job.trackId);
    const final = await finalState(job.id);
    expect(final.status).toBe('SUCCESS');
    expect(final.delivery?.recipients).toEqual([{ to, status: 'DELIVERED', code: 24, final: true }]);
    expect(h.sandbox.sentSms().filter((sms) => sms.trackId === job.trackId)).toHaveLength(1);
  });

  it('texts many recipients, each its own text, counting parts, and reports each final state', async () => {
    const persian = 'پ'.repeat(71);
    const latin = 'L'.repeat(161);
    const recipients = [
      mobile(SPECIAL_RECIPIENT_ENDINGS.blacklisted),
      mobile(SPECIAL_RECIPIENT_ENDINGS.sendFailed),
      mobile(SPECIAL_RECIPIENT_ENDINGS.noReport),
      mobile(),
    ];
    const texts = [persian, latin, 'one', 'two'];
    const job = dataOf(
      await sendSms({ templateId: 'welcome-1', messages: recipients.map((to, i) => ({ to, text: texts[i] })) }),
    ).sendSms;
    expect(job.templateId).toBe('welcome-1');
    expect(job.delivery).toMatchObject({
      numberOfRecords: 4,
      numberOfParts: texts.reduce((sum, text) => sum + partsOf(text), 0),
    });
    expect(job.delivery?.numberOfParts).toBe(6);
    expect(at(h.upstreamCalls(SEND), 0).body).toEqual({
      from: FROM,
      to: recipients,
      message: texts,
      templateId: 'welcome-1',
    });
    const final = await finalState(job.id);
    expect(final.status).toBe('SUCCESS');
    expect(final.delivery?.recipients.map(({ status, code, final }) => [status, code, final])).toEqual([
      ['BLACKLISTED', 23, true],
      ['FAILED', 10, true],
      ['SENT_WITHOUT_REPORT', 19, true],
      ['DELIVERED', 24, true],
    ]);
    expect(
      h.sandbox
        .sentSms()
        .filter((sms) => sms.trackId === job.trackId)
        .map((sms) => [sms.to, sms.text]),
    ).toEqual(recipients.map((to, i) => [to, texts[i]]));
  });

  it('streams each change of the delivery over jobUpdated until every recipient is final', async () => {
    h.sandbox.setAsyncDelay(600);
    try {
      const to = mobile();
      const job = dataOf(await sendSms({ messages: [{ to, text: 'streamed' }] })).sendSms;
      const { events, error } = await collect<{ jobUpdated: JobData }>(wsClient(), SUBSCRIBE, { id: job.id });
      expect(error).toBeUndefined();
      const states = events.map((event) => event.jobUpdated);
      expect(states.map((state) => state.status).at(-1)).toBe('SUCCESS');
      expect(states.slice(0, -1).every((state) => state.status === 'PENDING')).toBe(true);
      const codes = states.map((state) => at(state.delivery?.recipients ?? [], 0).code);
      // Each event is a change: the codes it shows move forward through the sandbox's stages to 24.
      expect(codes.at(-1)).toBe(24);
      expect(new Set(codes).size).toBe(codes.length);
      expect(codes.length).toBeGreaterThanOrEqual(3);
      expect(at(states, states.length - 1).delivery?.recipients).toEqual([
        { to, status: 'DELIVERED', code: 24, final: true },
      ]);
    } finally {
      h.sandbox.setAsyncDelay(150);
    }
  });

  it('answers a replay under the same key with the same job, sending once', async () => {
    const input = { idempotencyKey: randomUUID(), messages: [{ to: mobile(), text: 'once' }] };
    const first = dataOf(await sendSms(input)).sendSms;
    const again = await Promise.all([sendSms(input), sendSms(input)]);
    for (const res of again) expect(dataOf(res).sendSms.id).toBe(first.id);
    expect(h.upstreamCalls(SEND)).toHaveLength(1);
    expect(h.sandbox.sentSms().filter((sms) => sms.trackId === first.trackId)).toHaveLength(1);
  });

  it('refuses the same key with another send on input.idempotencyKey, sending nothing more', async () => {
    const idempotencyKey = randomUUID();
    const to = mobile();
    dataOf(await sendSms({ idempotencyKey, messages: [{ to, text: 'first' }] }));
    const res = await sendSms({ idempotencyKey, messages: [{ to, text: 'second' }] });
    expect(errorCode(res)).toBe('BAD_USER_INPUT');
    expect(extensionsOf(firstError(res))['argumentPath']).toBe('input.idempotencyKey');
    expect(h.upstreamCalls(SEND)).toHaveLength(1);
  });

  it.each([
    ['a foreign sender number', { from: '999999', messages: [{ to: '09121234567', text: 'a' }] }, 'input.from'],
    ['no message', { messages: [] }, 'input.messages'],
    [
      '101 messages',
      { messages: Array.from({ length: 101 }, () => ({ to: '09121234567', text: 'x' })) },
      'input.messages',
    ],
    [
      'a bad mobile',
      {
        messages: [
          { to: '09121234567', text: 'a' },
          { to: '0212345678', text: 'b' },
        ],
      },
      'input.messages[1].to',
    ],
    ['an empty text', { messages: [{ to: '09121234567', text: '   ' }] }, 'input.messages[0].text'],
    ['too long a text', { messages: [{ to: '09121234567', text: 'x'.repeat(1001) }] }, 'input.messages[0].text'],
    ['a control character', { messages: [{ to: '09121234567', text: 'a\u0007b' }] }, 'input.messages[0].text'],
    ['a bad template id', { templateId: 'a b', messages: [{ to: '09121234567', text: 'a' }] }, 'input.templateId'],
    [
      'a bad idempotency key',
      { idempotencyKey: 'not a key!', messages: [{ to: '09121234567', text: 'a' }] },
      'input.idempotencyKey',
    ],
  ])('refuses %s with BAD_USER_INPUT on its argument, calling no upstream', async (_, input, path) => {
    const res = await sendSms(input);
    expect(errorCode(res)).toBe('BAD_USER_INPUT');
    expect(extensionsOf(firstError(res))['argumentPath']).toBe(path);
    // Jobs of earlier tests may still poll their delivery reports; nothing is sent.
    expect(h.upstreamCalls(SEND)).toEqual([]);
  });

  it('fails the job with the upstream refusal when the upstream refuses the send', async () => {
    h.sandbox.injectFault({ operationId: SEND, status: 400 });
    const job = dataOf(await sendSms({ messages: [{ to: mobile(), text: 'refused' }] })).sendSms;
    expect(job.status).toBe('FAILED');
    expect(job.failure?.code).toBe('REJECTED');
    expect(job.delivery).toBeNull();
    expect(h.upstreamCalls(SEND)).toHaveLength(1);
  });

  it('never resends an unclear send, and follows it by its trackId to its delivery', async () => {
    h.sandbox.injectFault({ operationId: SEND, reset: true, afterEffect: true });
    const input = { idempotencyKey: randomUUID(), messages: [{ to: mobile(), text: 'unclear' }] };
    const job = dataOf(await sendSms(input)).sendSms;
    expect(job.status).toBe('PENDING');
    expect(job.delivery).toBeNull();
    const final = await finalState(job.id);
    expect(final.status).toBe('SUCCESS');
    expect(final.delivery).toMatchObject({ numberOfRecords: 1, numberOfParts: null });
    expect(at(final.delivery?.recipients ?? [], 0)).toMatchObject({ status: 'DELIVERED', code: 24 });
    dataOf(await sendSms(input));
    expect(h.upstreamCalls(SEND)).toHaveLength(1);
  });

  it('keeps a send that reaches the upstream long after it timed out here pending until then, and follows it to its delivery', async () => {
    // Held before its effect: the upstream has the call (pending) and no report, for as long as the test says.
    const release = h.sandbox.holdAnswers(SEND);
    const job = dataOf(await sendSms({ messages: [{ to: mobile(), text: 'late' }] })).sendSms;
    expect(job.status).toBe('PENDING');
    const looked = h.upstreamCalls('devWagesGet').length;
    await eventually(() => h.upstreamCalls('devWagesGet').length >= looked + 10, {
      what: 'ten looks at the call log while the send is held',
      timeoutMs: 15_000,
    });
    expect(dataOf(await h.gql<{ job: JobData }>(JOB, { id: job.id })).job.status).toBe('PENDING');
    release();
    const final = await finalState(job.id);
    expect(final.status).toBe('SUCCESS');
    expect(at(final.delivery?.recipients ?? [], 0)).toMatchObject({ status: 'DELIVERED' });
    expect(h.upstreamCalls(SEND)).toHaveLength(1);
  });

  it('fails an unclear send only once the upstream records it failed, with nothing sent', async () => {
    const release = h.sandbox.holdAnswers(SEND);
    h.sandbox.injectFault({ operationId: SEND, status: 500 });
    const job = dataOf(await sendSms({ messages: [{ to: mobile(), text: 'lost' }] })).sendSms;
    expect(job.status).toBe('PENDING');
    release();
    const final = await finalState(job.id);
    expect(final).toMatchObject({ status: 'FAILED', failure: { code: 'REJECTED' }, delivery: null });
    expect(h.sandbox.sentSms().filter((sent) => sent.text === 'lost')).toEqual([]);
  });
});
