/**
 * A delivery report pushed to `POST /webhooks/sms` moves the send's job at once: its next poll is a
 * minute away here, so only the push can make it final within the test.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SENDER_NUMBERS } from '../fixtures/sandbox.js';
import { eventually } from '../helpers/eventually.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf } from '../helpers/responses.js';

const SECRET = 'a-webhook-secret-of-some-length';
const h = useHarness({
  sandbox: { asyncDelayMs: 20 },
  env: { SMS_WEBHOOK_SECRET: SECRET, JOB_POLL_INITIAL_MS: '60000', JOB_POLL_MAX_MS: '60000' },
});

interface SendJob {
  id: string;
  status: string;
  trackId: string;
  delivery: { recipients: Array<{ status: string }> } | null;
}

const FIELDS = 'id status ... on SmsDeliveryJob { trackId delivery { recipients { status } } }';
const INQUIRY = 'facilityFinnotextInquiryGet';

async function send(): Promise<SendJob> {
  const res = await h.gql<{ sendSms: SendJob }>(
    `mutation($input: SendSmsInput!) { sendSms(input: $input) { ${FIELDS} } }`,
    {
      input: {
        from: at(SENDER_NUMBERS, 0),
        idempotencyKey: randomUUID(),
        messages: [
          { to: `0912${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, text: 'Your order shipped.' },
        ],
      },
    },
  );
  return dataOf(res).sendSms;
}

const jobOf = async (id: string): Promise<SendJob | null> =>
  dataOf(await h.gql<{ job: SendJob | null }>(`query($id: ID!) { job(id: $id) { ${FIELDS} } }`, { id })).job;

function pushReport(trackId: string) {
  return fetch(h.server.url.replace('/graphql', '/webhooks/sms'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
    body: JSON.stringify({ deliveryReports: [{ trackId, statuses: [{ to_number: '09120000000', status: 24 }] }] }),
  });
}

describe('a delivery report pushed to the webhook', () => {
  it('makes the send’s job ask the upstream at once, and so reach its final state before its next poll', async () => {
    const sent = await send();
    expect(sent.status).toBe('PENDING');
    // Delivered upstream by now, but not polled: the job still shows the state the send left it in.
    const inquiriesBefore = h.upstreamCalls(INQUIRY).length;
    expect((await jobOf(sent.id))?.status).toBe('PENDING');

    // Each push is a report of a change, as the upstream sends one per change of a recipient's state; on
    // a loaded machine the first may reach the upstream before the delivery is final there.
    const job = await eventually(
      async () => {
        const current = await jobOf(sent.id);
        if (current?.status === 'SUCCESS') return current;
        expect((await pushReport(sent.trackId)).status).toBe(200);
        return undefined;
      },
      { what: 'the pushed report to finish the job', timeoutMs: 15_000, intervalMs: 200 },
    );
    expect(job.delivery?.recipients.map((recipient) => recipient.status)).toEqual(['DELIVERED']);
    expect(h.upstreamCalls(INQUIRY).length).toBeGreaterThan(inquiriesBefore);
  });

  it('is taken and dropped when it names no send being followed, asking the upstream nothing', async () => {
    const inquiriesBefore = h.upstreamCalls(INQUIRY).length;
    const answer = await pushReport(randomUUID());
    expect(answer.status).toBe(200);
    expect(h.upstreamCalls(INQUIRY).length).toBe(inquiriesBefore);
  });
});
