/** Without SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS, callback mode is off: every subscription over HTTP is refused, nothing is called. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCallbackReceiver, type CallbackReceiver } from '../helpers/callbackReceiver.js';
import { useHarness, type GraphQLResponse } from '../helpers/harness.js';
import { at, errorsOf } from '../helpers/responses.js';

const h = useHarness();
let receiver: CallbackReceiver;
beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver.close());

async function post(body: Record<string, unknown>) {
  const res = await fetch(h.server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'subscription { jobUpdated(id: "x") { id } }', ...body }),
  });
  return {
    status: res.status,
    ...((await res.json()) as Pick<GraphQLResponse, 'errors'>),
  };
}

it('refuses a router in callback mode, saying the mode is off, and calls nothing', async () => {
  const subscriptionId = randomUUID();
  const verifier = randomUUID();
  const callbackUrl = receiver.expect(subscriptionId, verifier);
  const res = await post({ extensions: { subscription: { callbackUrl, subscriptionId, verifier } } });

  expect(res.status).toBe(400);
  expect(at(errorsOf(res), 0)).toEqual({
    message:
      'Subscriptions are served over WebSocket (graphql-ws protocol) at /graphql or /ws, not over HTTP POST. HTTP callback subscriptions are not enabled on this subgraph.',
    extensions: { code: 'BAD_REQUEST' },
  });
  expect(receiver.all).toHaveLength(0);
  expect(h.server.callbackSubscriptions).toBeNull();
});

it('refuses any other subscription over HTTP as before', async () => {
  const res = await post({});
  expect(res.status).toBe(400);
  expect(at(errorsOf(res), 0)).toEqual({
    message: 'Subscriptions are served over WebSocket (graphql-ws protocol) at /graphql or /ws, not over HTTP POST.',
    extensions: { code: 'BAD_REQUEST' },
  });
});
