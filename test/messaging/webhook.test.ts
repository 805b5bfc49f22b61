/**
 * `POST /webhooks/sms`: off without a secret, refused without the right one, POST only, bad or too large
 * bodies refused with a reason (a body of exactly the limit is taken); pushed messages join the number's
 * stream (kept once, also against polling), delivery reports go to the hook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { SMS_WEBHOOK_MAX_BYTES, type DeliveryStatus } from '../../src/inbox/webhook.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { startSandbox, type Sandbox } from '../fixtures/sandbox.js';
import { clockFrom } from '../helpers/clock.js';
import { eventually } from '../helpers/eventually.js';
import { postGraphQL, subgraphEnv } from '../helpers/harness.js';
import { dataOf } from '../helpers/responses.js';

const NUMBER = '200000';
const SECRET = 'a-webhook-secret-of-some-length';
const PAGE = `query($after: ID) { inboundSms(destinationNumber: "${NUMBER}", first: 100, after: $after) {
  nodes { id from to text receivedAt } pageInfo { hasNextPage endCursor } } }`;

/** The time of the sandbox and of both subgraphs: the messages' fixed receive times below are recent. */
const clock = clockFrom('2026-11-25T12:00:00Z');
let sandbox: Sandbox;
let server: RunningServer;
let closed: RunningServer;
const reports: Array<{ trackId: string; statuses: readonly DeliveryStatus[] }> = [];
let failReports = false;

beforeAll(async () => {
  sandbox = await startSandbox({ clock });
  const env = { ...subgraphEnv(sandbox), SMS_SENDER_NUMBERS: NUMBER, SMS_INBOX_POLL_MS: '20' };
  server = await startServer(loadConfig({ ...env, SMS_WEBHOOK_SECRET: SECRET }), {
    clock,
    hooks: {
      onDeliveryReport: (trackId, statuses) => {
        if (failReports) throw new Error('the delivery job is down');
        reports.push({ trackId, statuses });
      },
    },
  });
  // Reads no inbox: a second poller of the same sandbox number would take messages from the first.
  closed = await startServer(loadConfig({ ...env, SMS_INBOX_POLL_MS: '0' }), { clock });
});
afterAll(async () => {
  await server.stop();
  await closed.stop();
  await sandbox.close();
});

const webhookUrl = (target: RunningServer) => target.url.replace('/graphql', '/webhooks/sms');

function push(body: unknown, headers: Record<string, string> = { authorization: `Bearer ${SECRET}` }, target = server) {
  return fetch(webhookUrl(target), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function inbound(text: string, receiveDateTime = '2026-11-25T10:00:00Z') {
  return { sourceAddress: '09121234567', destinationAddress: NUMBER, messageText: text, receiveDateTime };
}

async function stored(text: string): Promise<number> {
  const page = dataOf(
    await postGraphQL<{ inboundSms: { nodes: Array<{ text: string }> } }>(server.url, PAGE, { after: null }),
  );
  return page.inboundSms.nodes.filter((message) => message.text === text).length;
}

describe('the SMS webhook', () => {
  it('is not there while no secret is configured', async () => {
    const answer = await push({ inbound: [inbound('x')] }, { authorization: `Bearer ${SECRET}` }, closed);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ error: 'not found' });
  });

  it('refuses a request without the secret, or with another', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${SECRET}x` },
      { authorization: SECRET },
      { authorization: `Basic ${SECRET}` },
      { authorization: `Basic Bearer ${SECRET}` },
    ];
    for (const headers of attempts) {
      const answer = await push({ inbound: [inbound('unauthorized')] }, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(await answer.json()).toEqual({ error: 'Missing or wrong webhook secret.' });
    }
    expect(await stored('unauthorized')).toBe(0);
  });

  it('refuses a body that is not JSON, not of the expected shape, too large, or a time that is no instant', async () => {
    const cases: Array<[unknown, number, RegExp]> = [
      ['{"inbound": [', 400, /not valid JSON/],
      [{}, 400, /^\(body\): expected `inbound` or `deliveryReports`$/],
      [{ inbound: [{ ...inbound('x'), sourceAddress: 5 }] }, 400, /^inbound\.0\.sourceAddress: /],
      [{ inbound: [inbound('x', 'yesterday')] }, 400, /^inbound\.0\.receiveDateTime: not an ISO-8601 instant/],
      [{ deliveryReports: [{ trackId: 't', statuses: [{ to_number: '0912', status: 'sent' }] }] }, 400, /status/],
      [{ inbound: [inbound('x'.repeat(2 * 1024 * 1024))] }, 413, /larger than/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await push(body);
      expect(answer.status).toBe(status);
      expect(((await answer.json()) as { error: string }).error).toMatch(message);
    }
    expect(reports).toEqual([]);
  });

  it('takes a body of exactly the limit, and refuses one byte more', async () => {
    const json = (text: string) => JSON.stringify({ inbound: [inbound(text)] });
    const padded = (text: string, bytes: number) => json(text).padEnd(bytes, ' ');

    const atLimit = await push(padded('at the limit', SMS_WEBHOOK_MAX_BYTES));
    expect(atLimit.status).toBe(200);
    expect(await atLimit.json()).toEqual({ inbound: { appended: 1, duplicates: 0, ignored: 0 }, deliveryReports: 0 });

    const over = await push(padded('over the limit', SMS_WEBHOOK_MAX_BYTES + 1));
    expect(over.status).toBe(413);
    expect(over.headers.get('connection')).toBe('close');
    expect(await over.json()).toEqual({ error: `The body is larger than ${1024 * 1024} bytes.` });
    expect(await stored('at the limit')).toBe(1);
    expect(await stored('over the limit')).toBe(0);
  });

  it('refuses every method but POST, saying which one it takes', async () => {
    const authorization = `Bearer ${SECRET}`;
    const body = JSON.stringify({ inbound: [inbound('not posted')] });
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const answer = await fetch(webhookUrl(server), {
        method,
        headers: { 'content-type': 'application/json', authorization },
        body,
      });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
      expect(await answer.json()).toEqual({ error: 'Only POST is accepted.' });
    }
    const get = await fetch(webhookUrl(server), { headers: { authorization } });
    expect(get.status).toBe(405);
    expect(await stored('not posted')).toBe(0);
  });

  it('appends pushed messages once, however often pushed, and once again when also polled', async () => {
    const pushed = inbound('pushed and polled', '2026-11-25T10:00:05Z');
    const answer = await push({
      inbound: [pushed, inbound('pushed twice'), { ...inbound('x'), destinationAddress: '1' }],
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ inbound: { appended: 2, duplicates: 0, ignored: 1 }, deliveryReports: 0 });
    expect(reports).toEqual([]);
    const again = await push({ inbound: [inbound('pushed twice')] });
    expect(await again.json()).toEqual({ inbound: { appended: 0, duplicates: 1, ignored: 0 }, deliveryReports: 0 });

    // The upstream also kept it, with its time in another offset: the poller reads it, and it is not kept again.
    sandbox.deliverInboundSms({ ...pushed, receiveDateTime: '2026-11-25T13:30:05+03:30' });
    sandbox.deliverInboundSms(inbound('only polled'));
    await eventually(async () => (await stored('only polled')) === 1, { what: 'the poller to read both' });
    expect(sandbox.waitingInboundSms(NUMBER)).toBe(0);
    expect(await stored('pushed and polled')).toBe(1);
    expect(await stored('pushed twice')).toBe(1);
  });

  it('passes delivery reports to the hook, and asks for the push again when the hook fails', async () => {
    const report = { trackId: 'send-1', statuses: [{ to_number: '09121234567', status: 24 }] };
    const answer = await push({ deliveryReports: [report] });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ inbound: { appended: 0, duplicates: 0, ignored: 0 }, deliveryReports: 1 });
    expect(reports).toEqual([report]);

    failReports = true;
    try {
      const refused = await push({ deliveryReports: [report] });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({
        error: 'Not taken right now; push again shortly (what was taken is kept once).',
      });
    } finally {
      failReports = false;
    }
  });

  it('passes each send’s report once however often one body names it', async () => {
    reports.length = 0;
    const first = { trackId: 'send-2', statuses: [{ to_number: '09121234567', status: 22 }] };
    const again = { trackId: 'send-2', statuses: [{ to_number: '09121234567', status: 24 }] };
    const other = { trackId: 'send-3', statuses: [{ to_number: '09121234568', status: 24 }] };
    const answer = await push({ deliveryReports: [first, again, other, again] });
    expect(answer.status).toBe(200);
    expect(reports.map((report) => report.trackId)).toEqual(['send-2', 'send-3']);
  });
});
