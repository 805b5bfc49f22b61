/** One message of the callback protocol sent to a router played on 127.0.0.1: what each answer makes of it. */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendCallback } from '../../src/subscriptions/callbackSender.js';
import { startCallbackReceiver, type CallbackReceiver } from '../helpers/callbackReceiver.js';
import { at } from '../helpers/responses.js';

let receiver: CallbackReceiver;
beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver.close());
afterEach(() => receiver.answerWith(null));

function request(callbackUrl?: string) {
  const subscriptionId = randomUUID();
  const verifier = randomUUID();
  const url = callbackUrl ?? receiver.expect(subscriptionId, verifier);
  return { callbackUrl: new URL(url), subscriptionId, verifier, heartbeatIntervalMs: 0 };
}

const once = { timeoutMs: 2_000, attempts: 1, retryDelayMs: 10 };

describe('sendCallback', () => {
  it.each([
    [200, 'delivered'],
    [204, 'delivered'],
    [299, 'delivered'],
    [300, 'refused'],
    [302, 'refused'],
    [400, 'refused'],
    [404, 'gone'],
    [499, 'refused'],
    [500, 'unreachable'],
    [503, 'unreachable'],
  ])('makes an answer %i %s', async (status, delivery) => {
    receiver.answerWith(() => status);
    const to = request();
    expect(await sendCallback(to, { action: 'check' }, once)).toBe(delivery);
    expect(receiver.messagesOf(to.subscriptionId)).toHaveLength(1);
  });

  it('tries an unanswered message again, waiting twice as long before each next attempt', async () => {
    receiver.answerWith(() => 503);
    const to = request();
    expect(await sendCallback(to, { action: 'check' }, { timeoutMs: 2_000, attempts: 3, retryDelayMs: 40 })).toBe(
      'unreachable',
    );
    const times = receiver.messagesOf(to.subscriptionId).map((entry) => entry.at);
    expect(times).toHaveLength(3);
    // Timers never fire early; a millisecond of rounding aside.
    expect(at(times, 1) - at(times, 0)).toBeGreaterThanOrEqual(39);
    expect(at(times, 2) - at(times, 1)).toBeGreaterThanOrEqual(79);
  });

  it('takes a message answered on a later attempt', async () => {
    let n = 0;
    receiver.answerWith(() => (++n < 3 ? 502 : undefined));
    const to = request();
    expect(await sendCallback(to, { action: 'check' }, { timeoutMs: 2_000, attempts: 3, retryDelayMs: 1 })).toBe(
      'delivered',
    );
    expect(receiver.messagesOf(to.subscriptionId)).toHaveLength(3);
  });

  it('sends the message as JSON, with the protocol header', async () => {
    const to = request();
    await sendCallback(to, { action: 'next', payload: { data: { a: 1 } } }, once);
    const { message, headers } = at(receiver.messagesOf(to.subscriptionId), 0);
    expect(message).toEqual({
      kind: 'subscription',
      id: to.subscriptionId,
      verifier: to.verifier,
      action: 'next',
      payload: { data: { a: 1 } },
    });
    expect(headers['content-type']).toBe('application/json');
    expect(headers['subscription-protocol']).toBe('callback/1.0');
  });

  describe('with a router that never answers', () => {
    let silent: Server;
    let arrivals = 0;
    beforeAll(async () => {
      silent = createServer(() => {
        arrivals += 1;
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterAll(
      () =>
        new Promise<void>((resolve) => {
          silent.closeAllConnections();
          silent.close(() => resolve());
        }),
    );

    it('gives up each attempt after its timeout, and is unreachable after the last', async () => {
      const to = request(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/cb`);
      expect(await sendCallback(to, { action: 'check' }, { timeoutMs: 100, attempts: 2, retryDelayMs: 1 })).toBe(
        'unreachable',
      );
      expect(arrivals).toBe(2);
    });
  });
});
