/** A subgraph that stops tells the router so: each callback subscription ends with `complete` and SERVICE_UNAVAILABLE. */
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { startCallbackReceiver, type CallbackReceiver } from '../helpers/callbackReceiver.js';
import { eventually } from '../helpers/eventually.js';
import { postGraphQL, startHarness, type Harness } from '../helpers/harness.js';
import { at, dataOf } from '../helpers/responses.js';
import { samples } from '../helpers/samples.js';

const opened: Array<Harness | CallbackReceiver> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
});

it('ends a running callback subscription with complete and SERVICE_UNAVAILABLE when the subgraph stops', async () => {
  const receiver = await startCallbackReceiver();
  opened.push(receiver);
  // The job stays pending far longer than the test: only the shutdown can end the subscription.
  const h = await startHarness({
    sandbox: { asyncDelayMs: 60_000 },
    env: { SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS: '127.0.0.1', SHUTDOWN_GRACE_MS: '1000' },
  });
  opened.push(h);
  const start = await h.gql<{ startBillInquiry: { id: string } }>(
    `mutation($input: BillInquiryInput!) { startBillInquiry(input: $input) { id } }`,
    { input: { type: 'WATER', parameter: samples.waterBillId } },
  );
  const subscriptionId = randomUUID();
  const verifier = randomUUID();
  const callbackUrl = receiver.expect(subscriptionId, verifier);
  const res = await fetch(h.server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'subscription($id: ID!) { jobUpdated(id: $id) { status } }',
      variables: { id: dataOf(start).startBillInquiry.id },
      extensions: { subscription: { callbackUrl, subscriptionId, verifier, heartbeatIntervalMs: 0 } },
    }),
  });
  expect(res.status).toBe(200);
  await eventually(() => receiver.messagesOf(subscriptionId).length === 2, { what: 'the first next' });

  opened.splice(opened.indexOf(h), 1);
  await h.close();

  const messages = receiver.messagesOf(subscriptionId);
  expect(messages.map((entry) => entry.message.action)).toEqual(['check', 'next', 'complete']);
  expect(at(messages, 2).message.errors).toEqual([
    { message: 'The subgraph is shutting down; subscribe again.', extensions: { code: 'SERVICE_UNAVAILABLE' } },
  ]);
  expect(h.server.callbackSubscriptions?.size).toBe(0);
  // Nothing of the stopped subgraph answers any more.
  await expect(postGraphQL(h.server.url, '{ __typename }')).rejects.toThrow();
});
