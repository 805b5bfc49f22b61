/**
 * Inbound SMS through GraphQL: messages put in the sandbox's inbox are polled into the number's stream,
 * paged by `Query.inboundSms` and followed by `Subscription.smsReceived`, resumed from a cursor.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/eventually.js';
import { useHarness } from '../helpers/harness.js';
import { collectSubscription, openWsClient, type WsClient } from '../helpers/procUtils.js';
import { at, dataOf, errorsOf, extensionsOf } from '../helpers/responses.js';

const NUMBER = '200000';
const harness = useHarness({ env: { SMS_SENDER_NUMBERS: NUMBER, SMS_INBOX_POLL_MS: '20' } });
const clients: WsClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});

const PAGE = `query($number: String!, $first: Int, $after: ID) {
  inboundSms(destinationNumber: $number, first: $first, after: $after) {
    nodes { id from to text receivedAt }
    pageInfo { hasNextPage endCursor }
  }
}`;
const SUBSCRIBE = `subscription($number: String!, $after: ID) {
  smsReceived(destinationNumber: $number, after: $after) { id from to text receivedAt }
}`;

interface Sms {
  id: string;
  from: string;
  to: string;
  text: string;
  receivedAt: string;
}
interface Page {
  inboundSms: { nodes: Sms[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

/** Texts unique to one test, so that messages of other tests in the stream are told apart. */
function tagged(count: number): string[] {
  const tag = randomUUID().slice(0, 8);
  return Array.from({ length: count }, (_, i) => `${tag} message ${i + 1}`);
}

function deliver(...texts: string[]): void {
  for (const text of texts)
    harness.sandbox.deliverInboundSms({ sourceAddress: '09121234567', destinationAddress: NUMBER, messageText: text });
}

/** Every message of the stream, a page at a time. */
async function everyMessage(): Promise<Sms[]> {
  const all: Sms[] = [];
  let after: string | null = null;
  for (;;) {
    const page: Page = dataOf(await harness.gql<Page>(PAGE, { number: NUMBER, first: 100, after }));
    all.push(...page.inboundSms.nodes);
    if (!page.inboundSms.pageInfo.hasNextPage) return all;
    after = page.inboundSms.pageInfo.endCursor;
  }
}

const textsOf = (messages: readonly Sms[], texts: readonly string[]) =>
  messages.map((message) => message.text).filter((text) => texts.includes(text));

function subscribe(variables: Record<string, unknown>) {
  const ws = openWsClient(harness.server.url.replace('http', 'ws'));
  clients.push(ws);
  return { ws, ...collectSubscription<{ smsReceived: Sms }>(ws.client, SUBSCRIBE, variables) };
}

describe('Query.inboundSms', () => {
  it('pages the messages polled from the upstream, oldest first, after a cursor', async () => {
    const texts = tagged(3);
    deliver(...texts);
    await eventually(async () => textsOf(await everyMessage(), texts).length === 3, { what: 'the messages polled' });
    const all = await everyMessage();
    const first = at(
      all,
      all.findIndex((message) => message.text === texts[0]),
    );
    expect(first).toEqual({
      id: expect.stringMatching(/^\d+-\d+$/),
      from: '09121234567',
      to: NUMBER,
      text: texts[0],
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const page = dataOf(await harness.gql<Page>(PAGE, { number: NUMBER, first: 1, after: first.id })).inboundSms;
    expect(page.nodes.map((message) => message.text)).toEqual([texts[1]]);
    expect(page.pageInfo).toEqual({ hasNextPage: true, endCursor: page.nodes[0]?.id });
    expect(harness.sandbox.waitingInboundSms(NUMBER)).toBe(0);
  });

  it('refuses a number that is not a sender number, a cursor that is no message id, and a page too large', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ number: '300000' }, 'destinationNumber'],
      [{ number: NUMBER, after: 'abc' }, 'after'],
      [{ number: NUMBER, first: 101 }, 'first'],
      [{ number: NUMBER, first: -1 }, 'first'],
    ];
    for (const [variables, path] of cases) {
      const [error] = errorsOf(await harness.gql(PAGE, variables));
      expect(error && extensionsOf(error), JSON.stringify(variables)).toMatchObject({
        code: 'BAD_USER_INPUT',
        argumentPath: path,
      });
    }
  });
});

describe('Subscription.smsReceived', () => {
  it('delivers each new message once, in order; resumed after the last one seen, it delivers the rest, none twice', async () => {
    const texts = tagged(6);
    const live = subscribe({ number: NUMBER });
    await live.ws.connected;
    // The subscription is in place once a first message reaches it.
    await eventually(
      () => {
        if (live.results.length > 0) return true;
        deliver(`${texts[0]} probe`);
        return false;
      },
      { what: 'the subscription to receive', intervalMs: 200 },
    );
    deliver(...texts.slice(0, 3));
    await eventually(
      () =>
        textsOf(
          live.results.map((r) => r.data?.smsReceived as Sms),
          texts,
        ).length === 3,
      {
        what: 'three messages',
      },
    );
    const seen = live.results.map((result) => result.data?.smsReceived as Sms);
    expect(textsOf(seen, texts)).toEqual(texts.slice(0, 3));
    expect(new Set(seen.map((message) => message.id)).size).toBe(seen.length);
    await live.ws.dispose();

    // While nobody listens.
    deliver(...texts.slice(3, 5));
    await eventually(async () => textsOf(await everyMessage(), texts).length === 5, { what: 'the messages stored' });
    const resumed = subscribe({ number: NUMBER, after: seen.at(-1)?.id });
    await eventually(() => resumed.results.length === 2, { what: 'the messages missed' });
    deliver(at(texts, 5));
    await eventually(() => resumed.results.length >= 3, { what: 'the next live message' });
    expect(resumed.results.map((result) => result.data?.smsReceived.text)).toEqual(texts.slice(3, 6));
  });

  it('refuses a number that is not a sender number, and a cursor that is no message id', async () => {
    for (const [variables, path] of [
      [{ number: '300000' }, 'destinationNumber'],
      [{ number: NUMBER, after: '12' }, 'after'],
    ] as const) {
      const sub = subscribe(variables);
      await sub.ended;
      expect(sub.results[0]?.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: path });
    }
  });
});
